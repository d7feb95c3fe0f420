#!/bin/sh
# install.sh - make install into a folder of the test's own (DESTDIR): the
# exercises and their starters are installed and the reference solutions
# are not, since a submission could reach them there (a kernel by an
# #include of the path, a program by opening it); the solutions stay in
# the release tarball (make distdir) for teachers and the tests; and the
# installed pram checks the reduction's starter from the installed tree.
# Prints TAP.
. "$top_srcdir/tests/tap.sh"
command -v python3 >/dev/null 2>&1 || skip_all "python3 reads the JSON report and is not installed"

# The make that runs this test lends it neither its jobs nor its flags.
unset MAKEFLAGS MFLAGS MAKELEVEL
dest="$tap_tmp/dest"
if ! make -C "$top_builddir" install DESTDIR="$dest" >"$tap_tmp/install.out" 2>&1; then
	tap_result 1 "make install DESTDIR=..." "$(tail -c 2000 "$tap_tmp/install.out")"
	done_testing
	exit
fi
tap_result 0 "make install DESTDIR=..."
share=$(find "$dest" -type d -path '*/share/pramsim' | head -n 1)
if [ -z "$share" ] || [ ! -d "$share/lessons" ]; then
	tap_result 1 "the lessons are installed in share/pramsim/lessons" "$(cd "$dest" && find . | head -n 40)"
	done_testing
	exit
fi
tap_result 0 "the lessons are installed in share/pramsim/lessons"

# Every exercise of the source tree and the starter it names are installed.
n=0
missing=
for ex in "$top_srcdir"/lessons/*/*.exercise; do
	[ -f "$ex" ] || continue
	n=$((n + 1))
	lesson=$(basename "$(dirname "$ex")")
	[ -f "$share/lessons/$lesson/$(basename "$ex")" ] || missing="$missing lessons/$lesson/$(basename "$ex")"
	starter=$(sed -n 's/^starter: *//p' "$ex")
	if [ -z "$starter" ]; then
		missing="$missing (no starter: line in $lesson/$(basename "$ex"))"
	elif [ ! -f "$share/lessons/$lesson/$starter" ]; then
		missing="$missing lessons/$lesson/$starter"
	fi
done
if [ "$n" -gt 0 ] && [ -z "$missing" ]; then
	tap_result 0 "the $n exercises and their starters are installed"
else
	tap_result 1 "the exercises and their starters are installed" "$n exercises; missing:$missing"
fi

# No solution under the installed share/pramsim, though the source has them.
nsol=$(cd "$top_srcdir" && find lessons -path '*/solutions/*' -type f | wc -l)
found=$(cd "$share" && find . -path '*/solutions*')
if [ "$nsol" -gt 0 ] && [ -z "$found" ]; then
	tap_result 0 "no solution is installed (the source has $nsol)"
else
	tap_result 1 "no solution is installed (the source has $nsol)" "installed: $found"
fi

# The release tarball keeps them: every one of the source is in make
# distdir's folder.
if make -C "$top_builddir" distdir distdir="$tap_tmp/dist" >"$tap_tmp/dist.out" 2>&1; then
	lost=$(cd "$top_srcdir" && find lessons -path '*/solutions/*' -type f | while read -r f; do
		[ -f "$tap_tmp/dist/$f" ] || echo "$f"
	done)
	if [ -z "$lost" ]; then
		tap_result 0 "the release tarball keeps the $nsol solutions"
	else
		tap_result 1 "the release tarball keeps the $nsol solutions" "not in make distdir: $lost"
	fi
else
	tap_result 1 "the release tarball keeps the $nsol solutions" "$(tail -c 2000 "$tap_tmp/dist.out")"
fi

# The installed pram, with the installed lessons first (the folder
# PRAM_LESSONS_DIR names is the one, when it has exercises) and the
# installed helpers, checks the reduction's starter: it builds, runs and
# gives wrong results.
pram=$(find "$dest" -type f -path '*/bin/pram' | head -n 1)
if [ "$HAVE_OPENCL" != yes ]; then
	tap_result 0 "the installed pram checks the starter # SKIP pram was built without OpenCL"
elif [ -z "$pram" ]; then
	tap_result 1 "the installed pram checks the starter" "no bin/pram under $dest"
else
	PRAM_LESSONS_DIR="$share/lessons"
	export PRAM_LESSONS_DIR
	# the installed helpers where this build installs them, else none
	for v in PRAM_GRIND_CASE:pram-grind-case PRAM_LINT:pram-lint PRAM_GRIND_PLUGIN:pram_plugin.so; do
		p=$(find "$dest" -type f -name "${v#*:}" | head -n 1)
		if [ -n "$p" ]; then
			export "${v%%:*}=$p"
		else
			unset "${v%%:*}"
		fi
	done
	PRAM=$pram
	run_pram check reduce-kernel "$share/lessons/01-reduction/starter/reduce.cl" --json
	printf '%s\n' "$out" >"$tap_tmp/st.json"
	expect_rc 1 "the installed pram checks the installed starter: it fails"
	v=$(python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
print(d['exercise'], [c['status'] for c in d['criteria'] if c['name'] == 'build'][0],
      ' '.join(x['kind'] for x in d['diagnoses']))" "$tap_tmp/st.json" 2>&1)
	expect_in "reduce-kernel passed wrong-result" "$v" "the installed starter builds and gives wrong results"
fi
done_testing
