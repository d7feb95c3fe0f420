/*
 * tap.h - a few macros that print TAP (the Test Anything Protocol) for the
 * C test programs; automake's tap-driver.sh reads it.
 *
 *     TAP_PLAN(12);
 *     TAP_EQ_I(got, want, "W of reduce at n = %zu", n);
 *     TAP_OK(cond, "name");
 *     return tap_done();
 *
 * A failed check prints both values, so the log says what went wrong.
 */
#ifndef PRAM_TAP_H
#define PRAM_TAP_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int tap_count_, tap_failed_;

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count_);
	return tap_failed_ ? 1 : 0;
}

#define TAP_OK(cond, ...)                                                            \
	do {                                                                         \
		int ok_ = (cond) ? 1 : 0;                                            \
		tap_failed_ += !ok_;                                                 \
		printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_count_);             \
		printf(__VA_ARGS__);                                                 \
		printf("\n");                                                        \
		if (!ok_)                                                            \
			printf("# failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
	} while (0)

#define TAP_EQ_I(got, want, ...)                                                                   \
	do {                                                                                       \
		long long g_ = (long long)(got), w_ = (long long)(want);                           \
		int ok_ = g_ == w_;                                                                \
		tap_failed_ += !ok_;                                                               \
		printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_count_);                           \
		printf(__VA_ARGS__);                                                               \
		printf("\n");                                                                      \
		if (!ok_)                                                                          \
			printf("# got %lld, expected %lld (%s:%d)\n", g_, w_, __FILE__, __LINE__); \
	} while (0)

#define TAP_CONTAINS(hay, needle, ...)                                                           \
	do {                                                                                     \
		const char *h_ = (hay), *n_ = (needle);                                          \
		int ok_ = h_ && strstr(h_, n_) != NULL;                                          \
		tap_failed_ += !ok_;                                                             \
		printf("%s %d - ", ok_ ? "ok" : "not ok", ++tap_count_);                         \
		printf(__VA_ARGS__);                                                             \
		printf("\n");                                                                    \
		if (!ok_)                                                                        \
			printf("# '%s' does not contain '%s' (%s:%d)\n", h_ ? h_ : "(null)", n_, \
			       __FILE__, __LINE__);                                              \
	} while (0)

#endif
