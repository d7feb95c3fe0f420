/*
 * clrt.c - the OpenCL host runtime (see clrt.h): the flat device list that
 * clrt_open and clrt_print_devices share, the program cache, error names
 * and event timing.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>

#include "clrtint.h"
#include "json.h"

#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR "."
#endif
#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/pramsim"
#endif

/* Reported by the ICD loader when no vendor is registered; cl_ext.h has it
 * only with the KHR extensions, so it is spelled out here. */
#define CLRT_PLATFORM_NOT_FOUND_KHR (-1001)

#define NO_PLATFORM_MSG                                                             \
	"no OpenCL platform found: install an OpenCL driver (an ICD), for example " \
	"pocl-opencl-icd for the CPU"

typedef struct clrt_prog {
	char *file;             /* bare name as asked, e.g. "reduce.cl" */
	char *options;          /* build options as asked */
	char *path;             /* the file's real path */
	cl_program program;     /* built */
	struct clrt_prog *next; /* next cache entry */
} clrt_prog;

struct clrt {
	cl_platform_id platform;
	cl_device_id device;
	cl_context ctx;
	cl_command_queue queue;
	char platform_name[256];
	char device_name[256];
	cl_uint compute_units;
	size_t max_wg;
	cl_ulong local_mem;
	cl_ulong cache;           /* CL_DEVICE_GLOBAL_MEM_CACHE_SIZE */
	unsigned simd;            /* lanes in lock step (clrt_simd_width) */
	int ptx;                  /* NVIDIA's OpenCL: kernels built with -DPRAM_NV_PTX */
	size_t wg_cap;            /* 0: no cap from the caller */
	unsigned batch;           /* clrt_set_batch's; 0 and 1 alike */
	const char *stage_kernel; /* clrt_set_stage's, or NULL */
	cl_program stage_prog;
	size_t stage_local;
	unsigned stage_made;
	size_t stage_ran; /* the last work-group size noted */
	clrt_prog *progs; /* built programs, newest first */
};

/* One device of the flat list, in platform then device order. */
typedef struct dev_entry {
	cl_platform_id platform;
	cl_device_id device;
	unsigned pi, di; /* platform index, device index inside it */
	char pname[256];
	char dname[256];
	cl_device_type type;
} dev_entry;

/* ---- error names ---------------------------------------------------- */

/* clang-format off */
#define CLRT_ERRORS(X)                                                               \
	X(CL_SUCCESS) X(CL_DEVICE_NOT_FOUND) X(CL_DEVICE_NOT_AVAILABLE)              \
	X(CL_COMPILER_NOT_AVAILABLE) X(CL_MEM_OBJECT_ALLOCATION_FAILURE)             \
	X(CL_OUT_OF_RESOURCES) X(CL_OUT_OF_HOST_MEMORY)                              \
	X(CL_PROFILING_INFO_NOT_AVAILABLE) X(CL_MEM_COPY_OVERLAP)                    \
	X(CL_IMAGE_FORMAT_MISMATCH) X(CL_IMAGE_FORMAT_NOT_SUPPORTED)                 \
	X(CL_BUILD_PROGRAM_FAILURE) X(CL_MAP_FAILURE)                                \
	X(CL_MISALIGNED_SUB_BUFFER_OFFSET)                                           \
	X(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)                              \
	X(CL_COMPILE_PROGRAM_FAILURE) X(CL_LINKER_NOT_AVAILABLE)                     \
	X(CL_LINK_PROGRAM_FAILURE) X(CL_DEVICE_PARTITION_FAILED)                     \
	X(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)                                          \
	X(CL_INVALID_VALUE) X(CL_INVALID_DEVICE_TYPE) X(CL_INVALID_PLATFORM)         \
	X(CL_INVALID_DEVICE) X(CL_INVALID_CONTEXT) X(CL_INVALID_QUEUE_PROPERTIES)    \
	X(CL_INVALID_COMMAND_QUEUE) X(CL_INVALID_HOST_PTR) X(CL_INVALID_MEM_OBJECT) \
	X(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) X(CL_INVALID_IMAGE_SIZE)               \
	X(CL_INVALID_SAMPLER) X(CL_INVALID_BINARY) X(CL_INVALID_BUILD_OPTIONS)      \
	X(CL_INVALID_PROGRAM) X(CL_INVALID_PROGRAM_EXECUTABLE)                       \
	X(CL_INVALID_KERNEL_NAME) X(CL_INVALID_KERNEL_DEFINITION)                    \
	X(CL_INVALID_KERNEL) X(CL_INVALID_ARG_INDEX) X(CL_INVALID_ARG_VALUE)        \
	X(CL_INVALID_ARG_SIZE) X(CL_INVALID_KERNEL_ARGS)                             \
	X(CL_INVALID_WORK_DIMENSION) X(CL_INVALID_WORK_GROUP_SIZE)                   \
	X(CL_INVALID_WORK_ITEM_SIZE) X(CL_INVALID_GLOBAL_OFFSET)                     \
	X(CL_INVALID_EVENT_WAIT_LIST) X(CL_INVALID_EVENT) X(CL_INVALID_OPERATION)    \
	X(CL_INVALID_GL_OBJECT) X(CL_INVALID_BUFFER_SIZE) X(CL_INVALID_MIP_LEVEL)   \
	X(CL_INVALID_GLOBAL_WORK_SIZE) X(CL_INVALID_PROPERTY)                        \
	X(CL_INVALID_IMAGE_DESCRIPTOR) X(CL_INVALID_COMPILER_OPTIONS)                \
	X(CL_INVALID_LINKER_OPTIONS) X(CL_INVALID_DEVICE_PARTITION_COUNT)
/* clang-format on */

static const struct {
	cl_int code;
	const char *name;
} errnames[] = {
#define CLRT_ERR_ENTRY(e) {e, #e},
    CLRT_ERRORS(CLRT_ERR_ENTRY)
#undef CLRT_ERR_ENTRY
	{CLRT_PLATFORM_NOT_FOUND_KHR, "CL_PLATFORM_NOT_FOUND_KHR"},
};

cl_int clrt__inject(const char *what)
{
	static int parsed, calls;
	static char name[64];
	static long when;
	static cl_int code = CL_OUT_OF_RESOURCES;
	if (!parsed) {
		parsed = 1;
		const char *spec = getenv("PRAM_CL_INJECT");
		char codetext[64] = "";
		if (!spec || sscanf(spec, "%63[^:]:%ld:%63s", name, &when, codetext) < 2)
			name[0] = 0;
		if (codetext[0]) {
			char *end;
			long v = strtol(codetext, &end, 10);
			if (!*end) {
				code = (cl_int)v;
			} else if (strcmp(codetext, "LOST") == 0) {
				code = CLRT_INJECT_LOST;
			} else {
				for (cl_int c = 0; c >= -70; c--)
					if (strcmp(clrt_errname(c), codetext) == 0)
						code = c;
			}
		}
	}
	if (!name[0])
		return CL_SUCCESS;
	size_t len = strcspn(what, "(");
	if (len != strlen(name) || strncmp(what, name, len) != 0)
		return CL_SUCCESS;
	return ++calls == when ? code : CL_SUCCESS;
}

const char *clrt_errname(cl_int code)
{
	for (size_t k = 0; k < sizeof errnames / sizeof errnames[0]; k++)
		if (errnames[k].code == code)
			return errnames[k].name;
	return "CL_UNKNOWN_ERROR";
}

void clrt_report(char *err, size_t errlen, const char *file, int line, const char *what,
		 cl_int code)
{
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	size_t wl = strcspn(what, "(");
	while (wl > 0 && isspace((unsigned char)what[wl - 1]))
		wl--;
	snprintf(err, errlen, "%s:%d: %.*s: %s (%d)", base, line, (int)wl, what, clrt_errname(code),
		 (int)code);
}

static void fmt(char *err, size_t errlen, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	vsnprintf(err, errlen, f, ap);
	va_end(ap);
}

/* Append to a message already in err, as far as it fits. */
static void append(char *err, size_t errlen, const char *f, ...)
{
	size_t used = strlen(err);
	if (used + 1 >= errlen)
		return;
	va_list ap;
	va_start(ap, f);
	vsnprintf(err + used, errlen - used, f, ap);
	va_end(ap);
}

/* ---- the device list ------------------------------------------------- */

/* Every device of every platform, in order. Returns 0 with *out (caller
 * frees) and *count, or -1 with a message. A platform that has no device is
 * skipped; no platform at all is an error. */
static int list_devices(dev_entry **out, size_t *count, char *err, size_t errlen)
{
	cl_platform_id *plats = NULL;
	cl_device_id *devs = NULL;
	dev_entry *list = NULL;
	size_t n = 0, cap = 0;
	cl_uint np = 0;
	cl_int rc = clGetPlatformIDs(0, NULL, &np);
	if (rc == CLRT_PLATFORM_NOT_FOUND_KHR || (rc == CL_SUCCESS && np == 0)) {
		fmt(err, errlen, NO_PLATFORM_MSG);
		goto fail;
	}
	CL_CHECK_RC(rc, "clGetPlatformIDs", err, errlen);
	plats = malloc(np * sizeof *plats);
	if (!plats) {
		fmt(err, errlen, "out of memory");
		goto fail;
	}
	CL_CHECK(clGetPlatformIDs(np, plats, NULL), err, errlen);
	for (cl_uint p = 0; p < np; p++) {
		cl_uint nd = 0;
		rc = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
		if (rc == CL_DEVICE_NOT_FOUND || nd == 0)
			continue;
		CL_CHECK_RC(rc, "clGetDeviceIDs", err, errlen);
		free(devs);
		devs = malloc(nd * sizeof *devs);
		if (!devs) {
			fmt(err, errlen, "out of memory");
			goto fail;
		}
		CL_CHECK(clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, NULL), err, errlen);
		char pname[256] = "";
		CL_CHECK(
		    clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname - 1, pname, NULL),
		    err, errlen);
		for (cl_uint d = 0; d < nd; d++) {
			if (n == cap) {
				cap = cap ? 2 * cap : 8;
				dev_entry *grown = realloc(list, cap * sizeof *list);
				if (!grown) {
					fmt(err, errlen, "out of memory");
					goto fail;
				}
				list = grown;
			}
			dev_entry *e = &list[n];
			memset(e, 0, sizeof *e);
			e->platform = plats[p];
			e->device = devs[d];
			e->pi = p;
			e->di = d;
			memcpy(e->pname, pname, sizeof pname);
			CL_CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof e->dname - 1,
						 e->dname, NULL),
				 err, errlen);
			CL_CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof e->type, &e->type,
						 NULL),
				 err, errlen);
			n++;
		}
	}
	if (n == 0) {
		fmt(err, errlen, "OpenCL platforms were found but no device: " NO_PLATFORM_MSG);
		goto fail;
	}
	free(devs);
	free(plats);
	*out = list;
	*count = n;
	return 0;
fail:
	free(list);
	free(devs);
	free(plats);
	return -1;
}

/* The entry clrt_open(NULL) takes when PRAM_DEVICE is unset: the first CPU. */
static size_t default_index(const dev_entry *list, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (list[k].type & CL_DEVICE_TYPE_CPU)
			return k;
	return 0;
}

static const char *type_name(cl_device_type t)
{
	if (t & CL_DEVICE_TYPE_GPU)
		return "gpu";
	if (t & CL_DEVICE_TYPE_CPU)
		return "cpu";
	if (t & CL_DEVICE_TYPE_ACCELERATOR)
		return "accelerator";
	return "other";
}

static int contains_nocase(const char *hay, const char *needle)
{
	size_t nl = strlen(needle);
	for (; *hay; hay++) {
		size_t k = 0;
		while (k < nl && hay[k] &&
		       tolower((unsigned char)hay[k]) == tolower((unsigned char)needle[k]))
			k++;
		if (k == nl)
			return 1;
	}
	return nl == 0;
}

static int all_digits(const char *s, size_t len)
{
	if (len == 0)
		return 0;
	for (size_t k = 0; k < len; k++)
		if (!isdigit((unsigned char)s[k]))
			return 0;
	return 1;
}

/* The index in list that spec names, or -1. */
static long match_spec(const char *spec, const dev_entry *list, size_t n)
{
	size_t len = strlen(spec);
	const char *colon = strchr(spec, ':');
	if (all_digits(spec, len)) {
		unsigned long k = strtoul(spec, NULL, 10);
		return k < n ? (long)k : -1;
	}
	if (colon && all_digits(spec, (size_t)(colon - spec)) &&
	    all_digits(colon + 1, strlen(colon + 1))) {
		unsigned long p = strtoul(spec, NULL, 10), d = strtoul(colon + 1, NULL, 10);
		for (size_t k = 0; k < n; k++)
			if (list[k].pi == p && list[k].di == d)
				return (long)k;
		return -1;
	}
	for (size_t k = 0; k < n; k++)
		if (contains_nocase(list[k].pname, spec) || contains_nocase(list[k].dname, spec) ||
		    strcasecmp(type_name(list[k].type), spec) == 0)
			return (long)k;
	return -1;
}

/* ---- open and close -------------------------------------------------- */

static unsigned simd_width(cl_device_id dev)
{
	/* Vendor queries from cl_nv_device_attribute_query and
	 * cl_amd_device_attribute_query, by value so no vendor header is needed. */
	const cl_device_info warp_nv = 0x4003, wavefront_amd = 0x4043;
	cl_uint w = 0;
	if (clGetDeviceInfo(dev, warp_nv, sizeof w, &w, NULL) == CL_SUCCESS && w)
		return w;
	if (clGetDeviceInfo(dev, wavefront_amd, sizeof w, &w, NULL) == CL_SUCCESS && w)
		return w;
	if (clGetDeviceInfo(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, sizeof w, &w, NULL) ==
		CL_SUCCESS &&
	    w)
		return w;
	return 1;
}

/* Whether the kernels may use inline PTX (common.clh, PRAM_NV_PTX): on
 * NVIDIA's own platform with warps of 32, unless PRAM_PTX=0 in the
 * environment asks for the portable kernels. */
static int nv_ptx(const clrt *rt)
{
	const char *env = getenv("PRAM_PTX");
	if (env && strcmp(env, "0") == 0)
		return 0;
	return strstr(rt->platform_name, "NVIDIA") != NULL && rt->simd == 32;
}

clrt *clrt_open(const char *spec, char *err, size_t errlen)
{
	dev_entry *list = NULL;
	size_t n = 0;
	clrt *rt = NULL;
	cl_int rc;
	int from_env = 0;
	if (!spec || !*spec) {
		spec = getenv("PRAM_DEVICE");
		from_env = spec && *spec;
	}
	if (list_devices(&list, &n, err, errlen))
		goto fail;
	long k;
	if (!spec || !*spec) {
		k = (long)default_index(list, n);
	} else if ((k = match_spec(spec, list, n)) < 0) {
		fmt(err, errlen, "no OpenCL device matches '%s'%s; the devices are:", spec,
		    from_env ? " (from the environment variable PRAM_DEVICE)" : "");
		for (size_t j = 0; j < n; j++)
			append(err, errlen, "\n  %zu (%u:%u) %s / %s [%s]", j, list[j].pi,
			       list[j].di, list[j].pname, list[j].dname, type_name(list[j].type));
		goto fail;
	}
	rt = calloc(1, sizeof *rt);
	if (!rt) {
		fmt(err, errlen, "out of memory");
		goto fail;
	}
	const dev_entry *e = &list[k];
	rt->platform = e->platform;
	rt->device = e->device;
	memcpy(rt->platform_name, e->pname, sizeof rt->platform_name);
	memcpy(rt->device_name, e->dname, sizeof rt->device_name);
	CL_CHECK(clGetDeviceInfo(rt->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof rt->compute_units,
				 &rt->compute_units, NULL),
		 err, errlen);
	CL_CHECK(clGetDeviceInfo(rt->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof rt->max_wg,
				 &rt->max_wg, NULL),
		 err, errlen);
	CL_CHECK(clGetDeviceInfo(rt->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof rt->local_mem,
				 &rt->local_mem, NULL),
		 err, errlen);
	/* PRAM_LOCAL_MEM caps the local memory the runners plan with, to try
	 * a smaller device's shapes (the kernels' own choices only). */
	const char *cap = getenv("PRAM_LOCAL_MEM");
	if (cap && *cap) {
		char *end;
		unsigned long long v = strtoull(cap, &end, 10);
		if (*end || v == 0) {
			fmt(err, errlen,
			    "PRAM_LOCAL_MEM=%s: give the bytes of local memory, a positive integer",
			    cap);
			goto fail;
		}
		if (v < rt->local_mem)
			rt->local_mem = (cl_ulong)v;
	}
	CL_CHECK(clGetDeviceInfo(rt->device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof rt->cache,
				 &rt->cache, NULL),
		 err, errlen);
	rt->simd = simd_width(rt->device);
	rt->ptx = nv_ptx(rt);
	cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)rt->platform,
					 0};
	rt->ctx = clCreateContext(props, 1, &rt->device, NULL, NULL, &rc);
	CL_CHECK_RC(rc, "clCreateContext", err, errlen);
	rt->queue = clCreateCommandQueue(rt->ctx, rt->device, CL_QUEUE_PROFILING_ENABLE, &rc);
	CL_CHECK_RC(rc, "clCreateCommandQueue", err, errlen);
	free(list);
	return rt;
fail:
	clrt_close(rt);
	free(list);
	return NULL;
}

void clrt_close(clrt *rt)
{
	if (!rt)
		return;
	while (rt->progs) {
		clrt_prog *p = rt->progs;
		rt->progs = p->next;
		clReleaseProgram(p->program);
		free(p->path);
		free(p->options);
		free(p->file);
		free(p);
	}
	if (rt->queue)
		clReleaseCommandQueue(rt->queue);
	if (rt->ctx)
		clReleaseContext(rt->ctx);
	free(rt);
}

const char *clrt_device_name(const clrt *rt)
{
	return rt->device_name;
}
const char *clrt_platform_name(const clrt *rt)
{
	return rt->platform_name;
}
unsigned clrt_compute_units(const clrt *rt)
{
	return rt->compute_units;
}
size_t clrt_max_wg(const clrt *rt)
{
	return rt->max_wg;
}
unsigned long long clrt_global_cache(const clrt *rt)
{
	return (unsigned long long)rt->cache;
}
unsigned long clrt_local_mem(const clrt *rt)
{
	return (unsigned long)rt->local_mem;
}
unsigned clrt_simd_width(const clrt *rt)
{
	return rt->simd;
}
cl_context clrt_context(const clrt *rt)
{
	return rt->ctx;
}
cl_command_queue clrt_queue(const clrt *rt)
{
	return rt->queue;
}
cl_device_id clrt_device(const clrt *rt)
{
	return rt->device;
}
void clrt_set_wg_cap(clrt *rt, size_t cap)
{
	rt->wg_cap = cap;
}
size_t clrt_wg_cap(const clrt *rt)
{
	return rt->wg_cap;
}

void clrt_set_batch(clrt *rt, unsigned batch)
{
	rt->batch = batch;
}

unsigned clrt_batch(const clrt *rt)
{
	return rt->batch > 1 ? rt->batch : 1;
}
void clrt_set_stage(clrt *rt, const char *kernel, cl_program prog, size_t local)
{
	rt->stage_kernel = kernel;
	rt->stage_prog = kernel ? prog : NULL;
	rt->stage_local = kernel ? local : 0;
	rt->stage_made = 0;
	rt->stage_ran = 0;
}
void clrt_stage_note(clrt *rt, size_t local)
{
	rt->stage_made++;
	rt->stage_ran = local;
}
unsigned clrt_stage_count(const clrt *rt, size_t *local)
{
	*local = rt->stage_ran;
	return rt->stage_made;
}
const char *clrt_stage(const clrt *rt, cl_program *prog, size_t *local)
{
	*prog = rt->stage_prog;
	*local = rt->stage_local;
	return rt->stage_kernel;
}

int clrt_has_extension(const clrt *rt, const char *ext)
{
	size_t len = 0, elen = strlen(ext);
	if (clGetDeviceInfo(rt->device, CL_DEVICE_EXTENSIONS, 0, NULL, &len) != CL_SUCCESS || !len)
		return 0;
	char *all = malloc(len + 1);
	int found = 0;
	if (all &&
	    clGetDeviceInfo(rt->device, CL_DEVICE_EXTENSIONS, len, all, NULL) == CL_SUCCESS) {
		all[len] = '\0';
		/* A whole word of the space-separated list, not a prefix of one. */
		for (const char *p = all; !found && (p = strstr(p, ext)) != NULL; p += elen)
			found = (p == all || p[-1] == ' ') && (p[elen] == ' ' || p[elen] == '\0');
	}
	free(all);
	return found;
}

/* ---- the device listing ---------------------------------------------- */

static void human_bytes(char *buf, size_t len, cl_ulong b)
{
	if (b >= (cl_ulong)1 << 30)
		snprintf(buf, len, "%.1f GiB", (double)b / (1 << 30));
	else if (b >= (cl_ulong)1 << 20)
		snprintf(buf, len, "%.1f MiB", (double)b / (1 << 20));
	else
		snprintf(buf, len, "%.0f KiB", (double)b / (1 << 10));
}

int clrt_print_devices(FILE *out, int json)
{
	dev_entry *list = NULL;
	size_t n = 0;
	char err[512];
	if (list_devices(&list, &n, err, sizeof err)) {
		if (json)
			fprintf(out, "[]\n");
		else
			fprintf(out, "%s\n", err);
		return -1;
	}
	size_t def = default_index(list, n);
	if (json)
		fprintf(out, "[");
	for (size_t k = 0; k < n; k++) {
		const dev_entry *e = &list[k];
		char version[256] = "";
		cl_uint cu = 0;
		size_t wg = 0;
		cl_ulong lmem = 0, gmem = 0;
		/* A device that fails a query still gets its line, with zeros. */
		clGetDeviceInfo(e->device, CL_DEVICE_VERSION, sizeof version - 1, version, NULL);
		clGetDeviceInfo(e->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
		clGetDeviceInfo(e->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
		clGetDeviceInfo(e->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
		clGetDeviceInfo(e->device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gmem, &gmem, NULL);
		if (json) {
			fprintf(
			    out,
			    "%s\n  {\"index\": %zu, \"platform_index\": %u, \"device_index\": %u, "
			    "\"platform\": ",
			    k ? "," : "", k, e->pi, e->di);
			json_str(out, e->pname);
			fprintf(out, ", \"name\": ");
			json_str(out, e->dname);
			fprintf(out, ", \"type\": \"%s\", \"version\": ", type_name(e->type));
			json_str(out, version);
			fprintf(out,
				", \"compute_units\": %u, \"max_work_group_size\": %zu, "
				"\"local_mem_bytes\": %llu, \"global_mem_bytes\": %llu, "
				"\"default\": %s}",
				cu, wg, (unsigned long long)lmem, (unsigned long long)gmem,
				k == def ? "true" : "false");
		} else {
			char lbuf[32], gbuf[32];
			human_bytes(lbuf, sizeof lbuf, lmem);
			human_bytes(gbuf, sizeof gbuf, gmem);
			fprintf(out, "%zu (%u:%u) %s / %s%s\n", k, e->pi, e->di, e->pname, e->dname,
				k == def ? "  [default]" : "");
			fprintf(out,
				"    type %s, %s, %u compute units, work-groups up to %zu, "
				"local memory %s, global memory %s\n",
				type_name(e->type), version, cu, wg, lbuf, gbuf);
		}
	}
	if (json)
		fprintf(out, "\n]\n");
	free(list);
	return 0;
}

/* ---- program build --------------------------------------------------- */

/* Read a whole file; caller frees. NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0)
		goto fail;
	long size = ftell(f);
	if (size < 0 || fseek(f, 0, SEEK_SET) != 0)
		goto fail;
	buf = malloc((size_t)size + 1);
	if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size)
		goto fail;
	buf[size] = '\0';
	*len = (size_t)size;
	fclose(f);
	return buf;
fail:
	free(buf);
	fclose(f);
	return NULL;
}

/* Is the word the compiler's name for the source it was given (a temporary
 * copy such as PoCL's ".../tempfile_x.cl", or "<source>", "<kernel>")? */
static int source_alias(const char *w, size_t len)
{
	static const char *const names[] = {"<source>", "<kernel>", "<stdin>"};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
		if (len == strlen(names[k]) && memcmp(w, names[k], len) == 0)
			return 1;
	return len > 3 && memcmp(w + len - 3, ".cl", 3) == 0;
}

/* Append the build log to err with the compiler's name for the source in
 * "NAME:LINE:COL" locations replaced by the file's real path, so that the
 * message points at the file the user edits, never at a temporary copy. */
static void append_log(char *err, size_t errlen, const char *log, const char *path)
{
	const char *p = log;
	while (*p) {
		/* One word: up to white space. */
		size_t ws = strspn(p, " \t\n\r");
		if (ws) {
			append(err, errlen, "%.*s", (int)ws, p);
			p += ws;
			continue;
		}
		size_t wl = strcspn(p, " \t\n\r");
		/* A location is NAME:digits:... inside the word. */
		size_t name = 0;
		for (size_t k = 0; k + 1 < wl; k++)
			if (p[k] == ':' && isdigit((unsigned char)p[k + 1])) {
				name = k;
				break;
			}
		if (name && source_alias(p, name)) {
			append(err, errlen, "%s%.*s", path, (int)(wl - name), p + name);
		} else {
			append(err, errlen, "%.*s", (int)wl, p);
		}
		p += wl;
	}
}

/* The build log of prog on device, NUL-terminated, for the caller to free;
 * NULL when there is none or it cannot be read. */
static char *build_log(cl_program prog, cl_device_id device)
{
	size_t len = 0;
	char *log;
	if (clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &len) !=
		CL_SUCCESS ||
	    len == 0 || !(log = malloc(len + 1)))
		return NULL;
	if (clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, len, log, NULL) !=
	    CL_SUCCESS) {
		free(log);
		return NULL;
	}
	log[len] = '\0';
	return log;
}

/* Find file in the kernel folders. A folder named by PRAM_KERNEL_DIR is the
 * only place looked in: a teacher pointing it at a student's folder must
 * never get the installed kernels instead. Otherwise the source tree's
 * kernels/, then the installed ones. Returns the file's real path (caller
 * frees), or NULL with a message that says where it looked. */
static char *find_kernel(const char *file, char *err, size_t errlen)
{
	const char *named = getenv("PRAM_KERNEL_DIR");
	char path[PATH_MAX];
	if (named && *named) {
		struct stat st;
		if (stat(named, &st) != 0) {
			fmt(err, errlen, "PRAM_KERNEL_DIR names %s: %s", named, strerror(errno));
			return NULL;
		}
		if (!S_ISDIR(st.st_mode)) {
			fmt(err, errlen, "PRAM_KERNEL_DIR names %s, which is not a folder", named);
			return NULL;
		}
		int len = snprintf(path, sizeof path, "%s/%s", named, file);
		char *real = len > 0 && (size_t)len < sizeof path ? realpath(path, NULL) : NULL;
		if (!real)
			fmt(err, errlen,
			    "kernel file %s not found in %s (PRAM_KERNEL_DIR); pram does not fall "
			    "back to the installed kernels when a folder is named",
			    file, named);
		return real;
	}
	const char *dirs[3] = {NULL, ABS_TOP_SRCDIR "/kernels", PKGDATADIR "/kernels"};
	for (int k = 0; k < 3; k++) {
		if (!dirs[k] || !*dirs[k])
			continue;
		int len = snprintf(path, sizeof path, "%s/%s", dirs[k], file);
		if (len < 0 || (size_t)len >= sizeof path)
			continue;
		char *real = realpath(path, NULL);
		if (real)
			return real;
	}
	fmt(err, errlen, "kernel file %s not found; looked in", file);
	for (int k = 0; k < 3; k++)
		if (dirs[k] && *dirs[k])
			append(err, errlen, " %s%s", dirs[k], k == 0 ? " (PRAM_KERNEL_DIR)" : "");
	return NULL;
}

char *clrt_kernel_text(const char *file, char *err, size_t errlen)
{
	char *path = find_kernel(file, err, errlen);
	if (!path)
		return NULL;
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long len = -1;
	if (f && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)len + 1)) &&
	    fread(text, 1, (size_t)len, f) == (size_t)len)
		text[len] = '\0';
	else {
		fmt(err, errlen, "cannot read %s: %s", path, f ? "a short read" : strerror(errno));
		free(text);
		text = NULL;
	}
	if (f)
		fclose(f);
	free(path);
	return text;
}

static clrt_prog *cached(const clrt *rt, const char *file, const char *options)
{
	for (clrt_prog *p = rt->progs; p; p = p->next)
		if (strcmp(p->file, file) == 0 && (!options || strcmp(p->options, options) == 0))
			return p;
	return NULL;
}

int clrt_ptx(const clrt *rt)
{
	return rt->ptx;
}

const char *clrt_kernel_path(const clrt *rt, const char *file)
{
	const clrt_prog *p = cached(rt, file, NULL);
	return p ? p->path : NULL;
}

cl_program clrt_build(clrt *rt, const char *file, const char *options, char *err, size_t errlen)
{
	char *path = NULL, *src = NULL, *log = NULL, *full = NULL;
	clrt_prog *entry = NULL;
	cl_program prog = NULL;
	cl_int rc;
	size_t len = 0;
	if (!options)
		options = "";
	clrt_prog *hit = cached(rt, file, options);
	if (hit)
		return hit->program;
	if (!(path = find_kernel(file, err, errlen)))
		goto fail;
	if (!(src = slurp(path, &len))) {
		fmt(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		goto fail;
	}
	const char *srcs[1] = {src};
	prog = clCreateProgramWithSource(rt->ctx, 1, srcs, &len, &rc);
	CL_CHECK_RC(rc, "clCreateProgramWithSource", err, errlen);
	/* Kernel files include common.clh from their own folder. */
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) : 1;
	const char *ptx = rt->ptx ? "-DPRAM_NV_PTX " : "";
	/* PRAM_CL_OPTIONS in the environment adds build options to every
	 * program: experiments on a device without a rebuild, such as
	 * -cl-nv-maxrregcount=64 or -DLOOKBACK=8. */
	const char *extra = getenv("PRAM_CL_OPTIONS");
	if (!extra)
		extra = "";
	size_t optlen = strlen(options) + strlen(ptx) + strlen(extra) + (size_t)dirlen + 8;
	if (!(full = malloc(optlen))) {
		fmt(err, errlen, "out of memory");
		goto fail;
	}
	snprintf(full, optlen, "-I %.*s %s%s%s%s", dirlen, slash ? path : ".", ptx, options,
		 *extra ? " " : "", extra);
	rc = clrt__inject("clBuildProgram");
	if (rc == CL_SUCCESS)
		rc = clBuildProgram(prog, 1, &rt->device, full, NULL, NULL);
	if (rc != CL_SUCCESS) {
		fmt(err, errlen, "%s: build failed (%s) with options '%s%s%s'", path,
		    clrt_errname(rc), options, *extra ? " " : "", extra);
		if ((log = build_log(prog, rt->device)) != NULL) {
			append(err, errlen, ":\n");
			append_log(err, errlen, log, path);
		}
		goto fail;
	}
	/* PRAM_CL_BUILD_LOG in the environment prints the log of every
	 * program built to stderr: with -cl-nv-verbose in PRAM_CL_OPTIONS,
	 * NVIDIA's registers and spills per kernel. */
	const char *want_log = getenv("PRAM_CL_BUILD_LOG");
	if (want_log && *want_log && (log = build_log(prog, rt->device)) != NULL) {
		fprintf(stderr, "%s: built with options '%s': build log:\n%s\n", path, full, log);
		free(log);
		log = NULL;
	}
	entry = calloc(1, sizeof *entry);
	if (!entry || !(entry->file = strdup(file)) || !(entry->options = strdup(options))) {
		fmt(err, errlen, "out of memory");
		goto fail;
	}
	entry->path = path;
	entry->program = prog;
	entry->next = rt->progs;
	rt->progs = entry;
	free(full);
	free(src);
	return prog;
fail:
	if (entry) {
		free(entry->options);
		free(entry->file);
		free(entry);
	}
	free(log);
	free(full);
	if (prog)
		clReleaseProgram(prog);
	free(src);
	free(path);
	return NULL;
}

/* ---- timing ---------------------------------------------------------- */

double clrt_event_ms(cl_event ev)
{
	cl_ulong t0 = 0, t1 = 0;
	if (clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL) !=
		CL_SUCCESS ||
	    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL) !=
		CL_SUCCESS)
		return -1;
	return t1 >= t0 ? (double)(t1 - t0) * 1e-6 : 0;
}
