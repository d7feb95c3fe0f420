## tests/scanfamily.mk - the tests of the scan family (blocked, per-processor,
## backward, segmented and matrix scans, and the applications of scan).

check_PROGRAMS += tests/test-scanfamily
TESTS += tests/test-scanfamily
tests_test_scanfamily_LDADD = src/libalgo.la sim/libpram.la -lm
