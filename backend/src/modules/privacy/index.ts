// The privacy area's entrance: what the app and other areas may use of it.
