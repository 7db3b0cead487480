// The inventory area's entrance: what the app and other areas may use of it.
