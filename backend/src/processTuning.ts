// How the server's Node process manages memory, set before anything else runs (imported first
// by the entries). When full collections are cheap, V8 lets the old generation grow to up to 4×
// what survived the last one: under load, ~100 MB of garbage kept around. The shop's live heap
// is small (~30 MB), so growing by half each time costs a few more collections of a few ms and
// keeps the peak well below the small server's budget (bench: peak memory).
import v8 from 'node:v8';

v8.setFlagsFromString('--heap-growing-percent=50');
