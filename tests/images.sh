#!/bin/sh
# images.sh - pictures through the pram command: --input image.pgm fills an
# algorithm's image input, --output FILE.pgm writes its image output, and
# their errors name the file, the offset or the pixel.
. "$top_srcdir/tests/tap.sh"
data="$top_srcdir/tests/data"

run_pram run sat --input "$data/scene.pgm"
expect_rc 0 "sat reads tests/data/scene.pgm and verifies"
expect_in "closed form W = " "$out" "with its closed form"
expect_in "(matches)" "$out" "which the simulator meets"

# A box of radius 0 is the pixel itself: the picture comes back byte for byte.
run_pram run box-filter --input "$data/scene.pgm" --radius 0 --output "$tap_tmp/same.pgm"
expect_rc 0 "box-filter --radius 0 --output"
check "its output is the input picture, byte for byte" cmp "$data/scene.pgm" "$tap_tmp/same.pgm"
run_pram run box-filter --input "$tap_tmp/same.pgm" --radius 3 --output "$tap_tmp/blur.p2"
expect_rc 0 "box-filter --radius 3 --output FILE.p2"
check "a .p2 name gives a plain PGM of 96 x 64" sh -c "head -n 2 '$tap_tmp/blur.p2' | tr '\n' ' ' | grep -q '^P2 96 64 '"
run_pram run scatter-blur --input "$tap_tmp/blur.p2" --radius 1 --output "$tap_tmp/scatter.pgm"
expect_rc 0 "the plain picture reads back, and scatter-blur writes one"

run_pram run sat --input "$data/scene.pgm" --output "$tap_tmp/table.pgm"
expect_rc 1 "a table's sums do not fit a PGM"
expect_in "is 65917: a PGM holds 0 to 65535" "$err" "and the message names the first pixel past it"
run_pram run scan-blelloch --n 8 --output "$tap_tmp/x.pgm"
expect_rc 1 "--output for an algorithm without an image output"
expect_in "scan-blelloch has no image output" "$err" "says so"

printf 'P5\n4 4\n255\nabc' >"$tap_tmp/short.pgm"
run_pram run sat --input "$tap_tmp/short.pgm"
expect_rc 2 "a PGM cut short is refused"
expect_in "short.pgm: offset 11 (line 4): the raster has 3 bytes; 4 by 4 samples of 1 byte need 16" \
	"$err" "naming the offset, the line and what is missing"
# A colour picture is named as one, with the way to a grey one, for any
# algorithm: its magic number is no number of a text input either.
printf 'P6\n2 1\n255\nabcdef' >"$tap_tmp/colour.ppm"
for a in sat reduce; do
	run_pram run $a --input "$tap_tmp/colour.ppm"
	expect_rc 2 "$a: a colour (P6) PPM image is refused"
	expect_in "colour.ppm: a colour (P6) PPM image: pramsim reads grey images, PGM (P2 or P5)" \
		"$err" "$a: saying what the file is and what is read, not \"'P6' is not an integer\""
	expect_in "\`convert in.ppm -colorspace gray out.pgm\` (ImageMagick) or \`ppmtopgm in.ppm > out.pgm\` (Netpbm)" \
		"$err" "$a: and how to convert it"
done
run_pram run scan-blelloch --input "$data/scene.pgm"
expect_rc 2 "a PGM for an algorithm without an image input"
expect_in "scan-blelloch reads no image" "$err" "says so"

done_testing
