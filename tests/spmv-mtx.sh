#!/bin/sh
# spmv-mtx.sh - spmv-csr on Matrix Market files (algos/mtx.h): a file of each
# kind in tests/data, whose y = M x (x_j = j + 1, the 1-based column) is
# worked out by hand in the comments here, and the reader's refusals, each
# with the file and line.
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/data"

# The notes' example, entries shuffled, comments and a blank line between:
# x = (1, 2, 3, 4, 5) as in tests/cases/spmv.case, y = 9 6 12 69 40.
run_pram run spmv-csr --input "$data/spmv-notes.mtx"
expect_rc 0 "the notes' example from a .mtx file verifies"
expect_in "output: 9 6 12 69 40" "$out" "and gives the notes' y"
expect_in "closed form W = 44, D = 7 (matches)" "$out" "with the case file's W and D"
# Row 3 empty, (1, 1) given twice (0.5 + 0.25): y = (0.75*1, 2*3, 0, -1.25*4).
run_pram run spmv-csr --float --input "$data/spmv-real-general.mtx"
expect_rc 0 "real general with a duplicate and an empty row verifies"
expect_in "output: 0.75 6 0 -5" "$out" "duplicates are added; the empty row is 0"
# A header that says real is read as floats without --float, and the run
# says where its type came from.
run_pram run spmv-csr --input "$data/spmv-real-general.mtx"
expect_rc 0 "a real file without --float verifies"
expect_in "output: 0.75 6 0 -5" "$out" "its values read as floats, 0.25 not cut to 0"
expect_in "float data, seed 1; the data type from the input (its values are real)" "$out" \
	"the run says its data are float, from the file"
run_pram run spmv-csr --input "$data/spmv-real-general.mtx" --json
expect_in '"type":"float","params":' "$out" "--json: type float"
expect_in '"from_input":"the data type from the input (its values are real)"' "$out" \
	"--json: and where it came from"
run_pram run spmv-csr --float --input "$data/spmv-real-general.mtx"
case "$out" in
*"from the input"*) tap_result 1 "with --float the type is the option's, not the file's" "$out" ;;
*) tap_result 0 "with --float the type is the option's, not the file's" ;;
esac
# [[2 1 0] [1 0 -3] [0 -3 4]] (1 2 3) = (4, -8, 6).
run_pram run spmv-csr --input "$data/spmv-symmetric-integer.mtx"
expect_rc 0 "integer symmetric verifies"
expect_in "output: 4 -8 6" "$out" "the lower triangle stands for the upper one"
expect_in "n = 6, integer data, seed 1" "$out" "an integer file stays integer"
# [[1.5 -0.5] [-0.5 2]] (1 2) = (0.5, 3.5).
run_pram run spmv-csr --float --input "$data/spmv-symmetric-real.mtx"
expect_rc 0 "real symmetric, the header in mixed case, verifies"
expect_in "output: 0.5 3.5" "$out" "and gives 0.5 3.5"
# [[0 1 0] [1 0 1] [0 0 1]] (1 2 3) = (2, 4, 3).
run_pram run spmv-csr --input "$data/spmv-pattern-general.mtx"
expect_in "output: 2 4 3" "$out" "pattern general: entries are 1"
expect_in "n = 4, integer data, seed 1" "$out" "a pattern file stays integer"
run_pram run spmv-csr --float --input "$data/spmv-pattern-general.mtx"
expect_in "output: 2 4 3" "$out" "pattern general with --float"
# [[1 1] [1 0]] (1 2) = (3, 1).
run_pram run spmv-csr --input "$data/spmv-pattern-symmetric.mtx"
expect_in "output: 3 1" "$out" "pattern symmetric"
# No entries at all: every row is empty, y = 0.
printf '%%%%MatrixMarket matrix coordinate real general\n3 2 0\n' >"$tap_tmp/none.mtx"
run_pram run spmv-csr --float --input "$tap_tmp/none.mtx"
expect_in "output: 0 0 0" "$out" "a file of no entries: three empty rows"
run_pram run spmv-csr --input "$data/spmv-notes.mtx" --json
expect_in '"output":[9,6,12,69,40]' "$out" "--json of a .mtx run"

# The closed form holds for every generated shape (the power law's rows are
# drawn: its W comes from the matrix itself).
for d in band uniform power-law sparse-rows; do
	for n in 1 33 1000; do
		run_pram run spmv-csr --dist "$d" --n "$n"
		expect_in "(matches)" "$out" "--dist $d --n $n: W and D match the closed form"
	done
done

# The reader's refusals: each names the file and the line.
bad() { # name expected-text printf-format-of-the-file
	f="$tap_tmp/$1.mtx"
	printf "$3" >"$f"
	run_pram run spmv-csr --float --input "$f"
	if [ "$rc" -eq 2 ]; then
		expect_in "$f:$2" "$err" "$1: refused with $f:$2"
	else
		expect_rc 2 "$1: refused as a usage error"
	fi
}
bad array "1: the array (dense) format is not read" '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n'
bad complex "1: complex values are not read" '%%%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n'
bad hermitian "1: hermitian matrices are not read" '%%%%MatrixMarket matrix coordinate real hermitian\n1 1 1\n1 1 1\n'
bad skew "1: skew-symmetric matrices are not read" '%%%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 1\n'
bad vector "1: object 'vector': only 'matrix' files are read" '%%%%MatrixMarket vector coordinate real general\n2 1\n1 1\n'
bad short-header "1: the header has 4 words" '%%%%MatrixMarket matrix coordinate real\n1 1 1\n1 1 1\n'
bad no-header "1: no Matrix Market header" '1 1 1\n1 1 1\n'
bad size-line "4: the size line has 2 numbers" '%%%%MatrixMarket matrix coordinate real general\n%% c\n\n2 2\n'
bad size-token "2: 'x' in the size line" '%%%%MatrixMarket matrix coordinate real general\n2 x 1\n1 1 1\n'
bad size-limit "2: '3000000000' in the size line: give whole numbers from 0 to 2147483647" '%%%%MatrixMarket matrix coordinate real general\n3000000000 2 1\n1 1 1\n'
bad row-zero "3: row '0' lies outside 1 .. 2 (indices are 1-based)" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n0 1 1\n'
bad column-range "4: column '3' lies outside 1 .. 2" '%%%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n1 3 1\n'
bad too-few "4: the file ends after 2 of the 3 entries its size line (line 2) declares" '%%%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1\n2 2 1\n'
bad too-many "4: more entries than the 1 the size line (line 2) declares" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n2 2 1\n'
bad upper "3: entry (1, 2) lies above the diagonal" '%%%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n1 2 1\n'
bad not-square "2: a symmetric matrix of 2 rows and 3 columns: it must be square" '%%%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n1 1 1\n'
bad value "3: 'abc' is not a finite number" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 abc\n'
bad nan "3: 'nan' is not a finite number" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 nan\n'
bad integer "3: '1.5' is not an integer" '%%%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n'
bad pattern-value "3: 3 numbers on an entry line; a pattern entry is 'I J'" '%%%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 1\n'
bad missing-value "3: 2 numbers on an entry line; a real entry is 'I J VALUE'" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n'
bad nul "3: a NUL byte" '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\0\n'
bad empty "1: an empty file" ''
bad no-size "2: the file ends before its size line" '%%%%MatrixMarket matrix coordinate real general\n%% only a comment\n'
f="$tap_tmp/real.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2.5\n' >"$f"
run_pram run spmv-csr --input "$f"
expect_in "output: 2.5" "$out" "a real value is read as it is, with no --float"
# A matrix whose size line declares more than a run can take is refused at
# that line, before anything is allocated for it: no row starts of 2^31
# rows, no x of 2^31 columns. The run's estimate (as for --n) is the limit.
f="$tap_tmp/huge.mtx"
printf '%%%%MatrixMarket matrix coordinate real general\n2000000000 2000000000 1\n1 1 1.5\n' >"$f"
start=$(date +%s)
out=$(timeout 50 "$PRAM" run spmv-csr --input "$f" 2>&1)
rc=$?
took=$(($(date +%s) - start))
expect_rc 2 "a 3-line file declaring a 2000000000 by 2000000000 matrix is refused"
test "$took" -le 5
tap_result $? "at once ($took s), not after a minute of allocating" "$out"
expect_in "$f:2: a 2000000000 by 2000000000 matrix with 1 entry: spmv-csr would need about 149.0 GiB of memory" \
	"$out" "naming the file, the size line, the dimensions and the memory"
expect_in "and take about 133 s (more than the 60 s a run may take;" "$out" "and the time, with the limit"
expect_in "give --force to run it anyway" "$out" "and how to insist"
# A file without the header and without the ending is the text format.
printf 'values: 2\ncolumns: 0\nrow-starts: 0 1\nx: 3\n' >"$tap_tmp/plain.txt"
run_pram run spmv-csr --input "$tap_tmp/plain.txt"
expect_in "output: 6" "$out" "other files are read as text"
# The CSR checks of the text format name the port and index.
printf 'values: 2 3\ncolumns: 0 1\nrow-starts: 0 1 0\nx: 3 4\n' >"$tap_tmp/mono.txt"
run_pram run spmv-csr --input "$tap_tmp/mono.txt"
expect_rc 1 "a decreasing row start fails the run"
expect_in "row-starts[2] = 0 is below row-starts[1] = 1" "$err" "naming the port and index"

# The kernels on a row that spans many tiles of the tuned kernel (2048
# non-zeros a tile, 32 in work-groups of 4), between empty rows: row 1 has
# 5000 ones in columns 0 .. 4999, row 5 three; y = (0, 5000 x-sum, 0, 0, 0,
# ...). pram gpu checks it against the reference.
if test "$HAVE_OPENCL" = yes && "$PRAM" devices >/dev/null 2>&1; then
	awk 'BEGIN {
		printf "values:"; for (j = 0; j < 5003; j++) printf " %d", 1 + j % 7; print ""
		printf "columns:"; for (j = 0; j < 5000; j++) printf " %d", j; print " 1 4 4999"
		print "row-starts: 0 0 5000 5000 5000 5000 5003 5003"
		printf "x:"; for (j = 0; j < 5000; j++) printf " %d", j % 5 - 2; print ""
	}' >"$tap_tmp/long.txt"
	# The case file's empty rows (rows 0, 2 and 5 of six) and a matrix of
	# empty rows only, through both variants' kernels.
	printf 'values: 1 2 3 4 5\ncolumns: 0 2 1 0 2\nrow-starts: 0 0 2 2 3 5 5\nx: 10 20 30\n' \
		>"$tap_tmp/empty-rows.txt"
	printf 'values:\ncolumns:\nrow-starts: 0 0 0 0\nx: 1 2\n' >"$tap_tmp/all-empty.txt"
	for v in teaching tuned; do
		for f in empty-rows all-empty; do
			run_pram gpu spmv-csr --variant "$v" --input "$tap_tmp/$f.txt" --json
			expect_in '"verified":true' "$out" "pram gpu $v: $f verifies"
		done
		run_pram gpu spmv-csr --variant "$v" --input "$tap_tmp/empty-rows.txt" --json
		expect_in '"output":[0,70,0,60,190,0]' "$out" "pram gpu $v: y of the empty rows"
	done
	# The kernels' own check of the matrix, made in a job's first run
	# only (the later runs have the same matrix): a column outside x is
	# still refused, whatever the runs, never read out of bounds.
	printf 'values: 1 2 3\ncolumns: 0 9 1\nrow-starts: 0 2 3\nx: 1 2 3\n' >"$tap_tmp/bad-col.txt"
	for v in teaching tuned; do
		run_pram gpu spmv-csr --variant "$v" --reps 3 --input "$tap_tmp/bad-col.txt"
		expect_rc 1 "pram gpu $v, 3 runs: a column outside x is refused"
		expect_in "input columns, element 1 (9), lies outside [0, 3), x's length" "$err" \
			"naming the element and x's length"
	done
	for v in teaching tuned; do
		for g in 256 4; do
			run_pram gpu spmv-csr --variant "$v" --max-group "$g" --input "$tap_tmp/long.txt"
			expect_in "verified" "$out" "pram gpu $v, work-groups of $g: a row across tiles"
			run_pram gpu spmv-csr --variant "$v" --max-group "$g" --float \
				--input "$tap_tmp/long.txt"
			expect_in "verified" "$out" "the same with floats"
		done
	done
	# The one-launch tiles (spmv_spans) on rows that cross the spans of
	# many work-groups: rows of 100000, 50000 and 30000 ones among 3000
	# short and empty rows (about 200000 non-zeros), so that in groups of
	# 4 and 32 a row's parts come from thousands of groups and, on a
	# device of few compute units, a group takes several tiles.
	awk 'BEGIN {
		n = 0; m = 0; r[m++] = 0
		for (i = 0; i < 3010; i++) {
			len = i == 2 ? 100000 : i == 7 ? 50000 : i == 3009 ? 30000 : (i * 7) % 11 < 4 ? 0 : (i * 13) % 9
			n += len; r[m++] = n
		}
		printf "values:"; for (j = 0; j < n; j++) printf " %d", 1 + j % 7; print ""
		printf "columns:"; for (j = 0; j < n; j++) printf " %d", (j * 7919) % 97; print ""
		printf "row-starts:"; for (i = 0; i < m; i++) printf " %d", r[i]; print ""
		printf "x:"; for (j = 0; j < 97; j++) printf " %d", j % 11 - 5; print ""
	}' >"$tap_tmp/spans.txt"
	for g in 32 4; do
		run_pram gpu spmv-csr --variant tuned --method tiles --max-group "$g" --reps 2 \
			--input "$tap_tmp/spans.txt"
		expect_in "verified" "$out" "pram gpu tuned, work-groups of $g: rows across many spans"
		run_pram gpu spmv-csr --variant tuned --method tiles --max-group "$g" --reps 2 \
			--float --input "$tap_tmp/spans.txt"
		expect_in "verified" "$out" "the same with floats"
	done
else
	tap_result 0 "# SKIP no OpenCL device for the kernels' long row"
fi

done_testing
