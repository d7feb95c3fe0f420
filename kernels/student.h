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

/* Open the default device and build src, shown to the compiler as the file
 * `shown`, with the build options given, and make its kernel `entry`. NULL with the build log (or why
 * not) in err; *build_failed says whether the source was at fault. */
student_cl *student_cl_open(const char *src, const char *shown, const char *entry,
			    const char *options, int *build_failed, char *err, size_t errlen);
/* One launch of L * max(1, ceil(n / L)) work-items in groups of L:
 * (in, out[, sums], local int[L], n). The buffers have the lengths given
 * (nin >= n: what lies past n is the checker's padding) and start with the
 * contents of out and sums. 0, or -1 with the OpenCL error in err. */
int student_cl_run(student_cl *c, int scan, const int32_t *in, size_t nin, size_t n, size_t L,
		   int32_t *out, size_t nout, int32_t *sums, size_t nsums, char *err,
		   size_t errlen);
/* The largest work-group the device runs the kernel in (the device's
 * limit, lowered by what the kernel itself needs). */
size_t student_cl_max_wg(const student_cl *c);
void student_cl_close(student_cl *c);

#endif
