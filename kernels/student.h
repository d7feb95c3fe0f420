/*
 * student.h - building and running a student's kernel for pram check
 * (student.c with OpenCL; without it, none.c's versions say why they
 * cannot). A public header of the kernels' layer: it needs no OpenCL
 * header, so the checker reaches OpenCL only through it.
 */
#ifndef PRAM_STUDENT_H
#define PRAM_STUDENT_H

#include <stddef.h>
#include <stdint.h>

typedef struct student_cl student_cl;

/* Open the device spec names (clrt_open's spec; NULL: the default) and
 * build src, shown to the compiler as the file `shown`, with the build
 * options given, and make its kernel `entry`. NULL with the build log (or
 * why not) in err; *build_failed says whether the source was at fault. */
student_cl *student_cl_open(const char *device, const char *src, const char *shown,
			    const char *entry, const char *options, int *build_failed, char *err,
			    size_t errlen);
/* One argument of a launch. */
typedef enum student_arg_kind {
	STUDENT_GLOBAL, /* a global buffer of 4-byte elements (int, float or uint) */
	STUDENT_LOCAL,  /* a local array of L ints */
	STUDENT_UINT,   /* a uint scalar */
	STUDENT_INT     /* an int scalar */
} student_arg_kind;

typedef struct student_arg {
	student_arg_kind kind;
	void *data;    /* GLOBAL: len elements, the buffer's contents before the launch
			* (the caller's; read back into it after when out) */
	size_t len;    /* GLOBAL: its elements (0 makes a buffer of one, never read back) */
	int out;       /* GLOBAL: read back after the launch */
	int64_t value; /* UINT, INT: the value */
} student_arg;

/* One launch of the kernel with the arguments args[0..nargs), in
 * work-groups of L: 1-D over L * max(1, ceil(w / L)) work-items when h is
 * 0, else 2-D over (L * max(1, ceil(w / L)), h) in groups of (L, 1). Each
 * global buffer starts with its data, and an output's is read back into
 * it. Returns 0, or -1 with the OpenCL error in err. */
int student_cl_launch(student_cl *c, const student_arg *args, size_t nargs, size_t L, size_t w,
		      size_t h, char *err, size_t errlen);
/* The largest work-group the device runs the kernel in (the device's
 * limit, lowered by what the kernel itself needs). */
size_t student_cl_max_wg(const student_cl *c);
/* The kernel's time in the last launch, by OpenCL's profiling events, in
 * milliseconds (0 when the device did not say); the device's name. */
double student_cl_last_ms(const student_cl *c);
const char *student_cl_device(const student_cl *c);
/* The kernel's arguments as their address spaces, one letter each into
 * quals (NUL-ended, at most len - 1 of them): 'g' global or constant, 'l'
 * local, 'p' a value; '?' where the device does not say. Returns how
 * many arguments the kernel takes. */
size_t student_cl_args(const student_cl *c, char *quals, size_t len);

/* A stage of a pipeline: run the teaching kernels of the registry's
 * algorithm a (parameters p, inputs in) on c's device, with c's kernel in
 * the place of the project's kernel of the same name, in work-groups of L
 * where the runner allows, and compare the last output with the
 * sequential reference. Returns 0 with *verified (and when 0, the first
 * mismatch in words in why), *ran the times a runner picked a work-group
 * size for the stage (0: it never reached it) and *ran_L the last pick;
 * -1 with why in err (an OpenCL error, the input does not fit). */
struct algo;
struct algo_params;
struct algo_data;
int student_cl_stage(student_cl *c, const struct algo *a, const struct algo_params *p,
		     const struct algo_data *in, size_t L, int *verified, unsigned *ran,
		     size_t *ran_L, char *why, size_t whylen, char *err, size_t errlen);
void student_cl_close(student_cl *c);

#endif
