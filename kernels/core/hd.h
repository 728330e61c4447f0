// Host/device portability for the code that the CUDA kernels and the CPU simulator share.
#pragma once

#if defined(__CUDACC__)
#define SCANVIZ_HD __host__ __device__
#define SCANVIZ_FORCEINLINE __forceinline__
#else
#define SCANVIZ_HD
#define SCANVIZ_FORCEINLINE inline
#endif
