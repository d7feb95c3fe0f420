# precision.gp - the summed-area table in float32: the largest error of a
# pixel rebuilt from its table (the notes' S(i, j) - S(i-1, j) - S(i, j-1)
# + S(i-1, j-1)) against the exact integer table, by image size, one line
# for each of the notes' tables (plain, offset, quadrant), as the notes'
# pictures compare them. Below 2^24 in total every float32 sum is exact.
# Set by the figure: datafile, plot_title, nseries, tables.
set title plot_title font ",22"
set key top left
set xlabel "image size (pixels, a square scene of bytes)"
set ylabel "largest error of a rebuilt pixel (grey levels)"
set logscale x 2
set format x pow2fmt
set yrange [0:*]
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0
plot for [k = 1:nseries] datafile skip 1 \
	using 3:(strcol(4) eq tables[k] ? $5 : NaN) with linespoints lt k pt 7 \
	title tables[k]
