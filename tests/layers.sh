#!/bin/sh
# layers.sh - the folders are layers: sim, algos, kernels, plots, check, cli,
# in that order, and no file includes a header of a folder later in it.
#
# Every #include "NAME" of a layer's C, C++ and header files is resolved as
# the compiler resolves it (the including file's folder first, then the
# folders of AM_CPPFLAGS in layer order) and its layer compared with the
# including file's. The check runs once on a small tree that breaks the rule,
# to show it can fail, then on the project.
. "$top_srcdir/tests/tap.sh"

layers="sim algos kernels plots check cli"

# violations ROOT: prints "FILE:LINE: includes NAME of LAYER, a later layer"
# for each include against the order, and each include that resolves to no
# file of the tree (config.h, made by configure, aside).
violations() {
	root=$1
	rank=0
	for layer in $layers; do
		rank=$((rank + 1))
		find "$root/$layer" -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) \
			2>/dev/null | sort | while read -r file; do
			grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
				sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' |
				while read -r line name; do
					[ "$name" = config.h ] && continue
					dir=$(dirname "$file")
					[ -f "$dir/$name" ] && continue
					found=0 r=0
					for l in $layers; do
						r=$((r + 1))
						if [ -f "$root/$l/$name" ]; then
							found=1
							[ "$r" -gt "$rank" ] &&
								echo "${file#"$root"/}:$line: includes $name of $l/, a later layer than $layer/"
							break
						fi
					done
					[ $found -eq 0 ] && echo "${file#"$root"/}:$line: includes $name, found in no layer"
				done
		done
	done
}

# A tree that breaks the rule: the simulator including the command line.
bad="$tap_tmp/bad"
mkdir -p "$bad/sim" "$bad/algos" "$bad/cli"
printf '#include "algo.h"\n' >"$bad/sim/step.c"
printf '#include "pram.h"\n' >"$bad/algos/algo.h"
printf '#include "algo.h"\n#include "nowhere.h"\n' >"$bad/cli/cli.c"
v=$(violations "$bad")
expect_in "sim/step.c:1: includes algo.h of algos/, a later layer than sim/" "$v" \
	"the check finds an include of a later layer"
expect_in "cli/cli.c:2: includes nowhere.h, found in no layer" "$v" \
	"the check finds an include that resolves to nothing"
case "$v" in
*cli.c:1*) tap_result 1 "an include of an earlier layer is allowed" "$v" ;;
*) tap_result 0 "an include of an earlier layer is allowed" ;;
esac

# The project.
n=0
for layer in $layers; do
	[ -d "$top_srcdir/$layer" ] && n=$((n + 1))
done
expect_in 6 "$n" "the six layer folders exist"
[ -d "$top_srcdir/src" ] && tap_result 1 "no src/ folder is left" || tap_result 0 "no src/ folder is left"
v=$(violations "$top_srcdir")
if [ -z "$v" ]; then
	tap_result 0 "every include of the project follows the layer order"
else
	tap_result 1 "every include of the project follows the layer order" "$v"
fi
done_testing
