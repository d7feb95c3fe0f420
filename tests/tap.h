/*
 * tap.h - the harness of the C test programs: TAP (the Test Anything
 * Protocol), read by automake's tap-driver.sh. The shell tests have theirs in
 * tap.sh.
 *
 *     TAP_OK(cond, "W of reduce at n = %zu", n);
 *     TAP_OK_WHY(cond, why, "split of the notes' keys");
 *     TAP_EQ_I(got, want, "W of reduce at n = %zu", n);
 *     TAP_CLOSE(got, want, 1e-9, "R^2 on exact data");
 *     TAP_CONTAINS(msg, "erew forbids", "the rule is named");
 *     return tap_done();
 *
 * The description is printf-style. A failed check says why on "# " lines
 * after the point: both values, or the caller's reason, and the test's file
 * and line. tap_point and tap_diag are the two primitives the macros use;
 * a test with checks of its own (a case runner, say) calls them directly.
 */
#ifndef PRAM_TAP_H
#define PRAM_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if defined(__GNUC__)
#define TAP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TAP_PRINTF(f, a)
#endif

static int tap_count_, tap_failed_;

/* Print test point number tap_count_ + 1 as "ok N - description" or "not
 * ok N - description". Returns ok, so that a caller can add diagnostics. */
static inline int tap_point(int ok, const char *fmt, ...) TAP_PRINTF(2, 3);
/* Print a diagnostic, each of its lines as "# line". */
static inline void tap_diag(const char *fmt, ...) TAP_PRINTF(1, 2);

static inline int tap_point(int ok, const char *fmt, ...)
{
	va_list ap;
	ok = ok != 0;
	tap_failed_ += !ok;
	printf("%s %d - ", ok ? "ok" : "not ok", ++tap_count_);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return ok;
}

static inline void tap_diag(const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (const char *s = buf; *s;) {
		size_t len = strcspn(s, "\n");
		printf("# %.*s\n", (int)len, s);
		s += len + (s[len] == '\n');
	}
}

/* The plan, after the last point. Returns the exit status: 1 when a point
 * failed. */
static inline int tap_done(void)
{
	printf("1..%d\n", tap_count_);
	return tap_failed_ ? 1 : 0;
}

#define TAP_OK(cond, ...)                                                          \
	do {                                                                       \
		if (!tap_point((cond) ? 1 : 0, __VA_ARGS__))                       \
			tap_diag("failed: %s (%s:%d)", #cond, __FILE__, __LINE__); \
	} while (0)

/* As TAP_OK, with why (a string) as the diagnostic of a failure. */
#define TAP_OK_WHY(cond, why, ...)                                         \
	do {                                                               \
		if (!tap_point((cond) ? 1 : 0, __VA_ARGS__))               \
			tap_diag("%s (%s:%d)", (why), __FILE__, __LINE__); \
	} while (0)

#define TAP_EQ_I(got, want, ...)                                                                 \
	do {                                                                                     \
		long long g_ = (long long)(got), w_ = (long long)(want);                         \
		if (!tap_point(g_ == w_, __VA_ARGS__))                                           \
			tap_diag("got %lld, expected %lld (%s:%d)", g_, w_, __FILE__, __LINE__); \
	} while (0)

/* got within rel times |want| of want. */
#define TAP_CLOSE(got, want, rel, ...)                                                  \
	do {                                                                            \
		double g_ = (got), w_ = (want), d_ = g_ - w_;                           \
		double e_ = (rel) * (w_ < 0 ? -w_ : w_) + 1e-300;                       \
		if (!tap_point(d_ <= e_ && -d_ <= e_, __VA_ARGS__))                     \
			tap_diag("got %.17g, expected %.17g within %g (%s:%d)", g_, w_, \
				 (double)(rel), __FILE__, __LINE__);                    \
	} while (0)

#define TAP_CONTAINS(hay, needle, ...)                                                         \
	do {                                                                                   \
		const char *h_ = (hay), *n_ = (needle);                                        \
		if (!tap_point(h_ && strstr(h_, n_) != NULL, __VA_ARGS__))                     \
			tap_diag("'%s' does not contain '%s' (%s:%d)", h_ ? h_ : "(null)", n_, \
				 __FILE__, __LINE__);                                          \
	} while (0)

#endif
