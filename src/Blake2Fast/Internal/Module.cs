// No zero-filling of locals and stackalloc buffers: every buffer here is written before it is read (the hot paths
// for small inputs would otherwise clear a few hundred bytes per call).
[module: System.Runtime.CompilerServices.SkipLocalsInit]
