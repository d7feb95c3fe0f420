## kernels/local.mk - the OpenCL side: the host runtime and runners
## (libpramcl) and the kernel files installed as data.

# The kernels are data files, found in $(pkgdatadir)/kernels after install
# and in the source tree before (clrt_build).
nobase_dist_pkgdata_DATA += kernels/common.clh kernels/reduce.cl kernels/scan.cl \
	kernels/segmented.cl kernels/matrix.cl kernels/apps.cl

if HAVE_OPENCL
noinst_LTLIBRARIES += kernels/libpramcl.la
kernels_libpramcl_la_SOURCES = kernels/clrt.c kernels/clrt.h kernels/gpu.c kernels/gpu.h \
	kernels/gpuint.h kernels/gpu_reduce.c kernels/gpu_scan.c kernels/gpu_segmented.c \
	kernels/gpu_matrix.c kernels/gpu_apps.c
kernels_libpramcl_la_CFLAGS = $(AM_CFLAGS) $(OPENCL_CFLAGS)
kernels_libpramcl_la_LIBADD = $(OPENCL_LIBS)

endif
