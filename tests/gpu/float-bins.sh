#!/bin/sh
# float-bins.sh - float records at the ends of the histogram's bins and of
# its interval [0, 1): -0 and 0, the floats just below and at k / m, the
# largest float below 1, 1 itself, negatives and the least subnormals, in
# m = 1, 256, 4096 (powers of two, whose bin is x m converted as it stands:
# kernels/histogram.clh), 100 and 65535 (the conversion and its
# correction), by the teaching and the tuned kernels, and again with the
# tuned kernel's vector loads in flight 1 and 2 at a time (-DHIST_LOADS).
# Each run must verify against the reference, which bins in double.
# Prints TAP.
. "$top_srcdir/tests/tap.sh"

if test "$HAVE_OPENCL" != yes; then
	echo "1..0 # SKIP pram was built without OpenCL"
	exit 0
fi

# The records: each end k / m of the bins of every m below (k up to 64 and
# the last 64), the floats on both sides of it, and the interval's own ends;
# repeated in a scrambled order up to well past a work-group's worth, so
# that the tuned kernel's vector loads and its tail both see them.
awk 'BEGIN {
	split("1 256 4096 100 65535", ms, " ")
	n = 0
	for (q = 1; q <= 5; q++) {
		m = ms[q]
		for (k = 0; k <= m; k++) {
			if (k > 64 && k < m - 64)
				continue
			e = k / m
			v[n++] = sprintf("%.9g", e)
			v[n++] = sprintf("%.9g", e * (1 - 2^-24))
			v[n++] = sprintf("%.9g", e * (1 + 2^-23))
		}
	}
	split("-0.0 0.0 0.99999994 1.0 -1e-30 1e-45 1.4e-45 1.17549435e-38 -0.5 2", ends, " ")
	for (q = 1; q <= 10; q++)
		v[n++] = ends[q]
	for (r = 0; r < 6; r++)
		for (i = 0; i < n; i++)
			printf "%s\n", v[(i * 7919 + r * 13) % n]
}' >"$tap_tmp/records.txt"

for m in 1 256 4096 100 65535; do
	for variant in teaching tuned; do
		"$PRAM" gpu histogram-atomic --variant $variant --float --bins $m --reps 1 \
			--input "$tap_tmp/records.txt" >"$tap_tmp/out" 2>"$tap_tmp/err"
		rc=$?
		expect_verified "histogram-atomic $variant --float --bins $m: the bins' ends"
	done
	for opts in -DHIST_LOADS=1 -DHIST_LOADS=2; do
		PRAM_CL_OPTIONS=$opts "$PRAM" gpu histogram-atomic --variant tuned --float --bins $m \
			--reps 1 --input "$tap_tmp/records.txt" >"$tap_tmp/out" 2>"$tap_tmp/err"
		rc=$?
		expect_verified "histogram-atomic tuned --float --bins $m with $opts: the bins' ends"
	done
done
done_testing
