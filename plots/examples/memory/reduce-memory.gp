# reduce-memory.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" reduce-memory.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "reduce-memory"
datafile = "reduce-memory.csv"
plot_title = "reduce: the same W; bytes and launches tell teaching from tuned\n{/*0.7 time = bytes / B + launches × L, B and L fitted to both kernels; NVIDIA H200, p = 4224 lanes}"
plot_title_plain = "reduce: the same W; bytes and launches tell teaching from tuned\ntime = bytes / B + launches × L, B and L fitted to both kernels; NVIDIA H200, p = 4224 lanes"
nseries = 2
array variant[2] = ["teaching", "tuned"]
model_key = "fitted: B = 3683 GB/s, L = 6.87 µs a launch"
bytes_key = "bytes per element: Oclgrind profile at n = 16384"

### from the template common.gp
# common.gp - the terminal, type and colours every figure of pram report
# shares: large type and thick lines so a figure reads on a projector at the
# back of a lecture hall, and colours told apart by colour-blind readers
# (Okabe and Ito's palette). The figure's script sets out (the file name
# without extension) before this; fmt chooses png (default), svg or dumb.
if (!exists("fmt")) fmt = "png"
if (fmt eq "png") {
	set terminal pngcairo size 1600,900 enhanced font "Sans,22" linewidth 2.5 background "white"
	set output out.".png"
} else {
	if (fmt eq "svg") {
		set terminal svg size 1600,900 dynamic enhanced font "Sans,22" linewidth 2.5 background "white"
		set output out.".svg"
	} else {
		cols = exists("cols") ? cols : 100
		rows = exists("rows") ? rows : 32
		set terminal dumb size cols, rows noenhanced
		set output
		# No enhanced text here: the title as the figure gives it in plain text.
		if (exists("plot_title_plain")) {
			plot_title = plot_title_plain
		}
	}
}
# Powers of two on the size axes: 2^{10} in a picture, 2^10 in a terminal.
pow2fmt = (fmt eq "dumb") ? "2^%L" : "2^{%L}"
set encoding utf8
set datafile separator ","
set grid xtics ytics lw 1 lc rgb "#d0d0d0"
set border lw 1.2
set tics nomirror
set key box opaque samplen 2.5 spacing 1.15 width 1
set linetype 1 lc rgb "#0072B2" lw 2 pt 7 ps 1.6
set linetype 2 lc rgb "#D55E00" lw 2 pt 5 ps 1.5
set linetype 3 lc rgb "#009E73" lw 2 pt 9 ps 1.8
set linetype 4 lc rgb "#CC79A7" lw 2 pt 11 ps 1.8
set linetype 5 lc rgb "#E69F00" lw 2 pt 13 ps 1.8
set linetype 6 lc rgb "#56B4E9" lw 2 pt 7 ps 1.6
set linetype 7 lc rgb "#000000" lw 2 pt 5 ps 1.5
set linetype 8 lc rgb "#999999" lw 2 pt 9 ps 1.8
set linetype cycle 8

### from the template memory.gp
# memory.gp - why the tuned kernels beat the teaching ones with the same W:
# left, the bytes each kernel moves per element (counted by pram gpu
# --profile under Oclgrind at a small size, or the unavoidable bytes where
# there is no profile) beside the unavoidable bytes and Brent's W/p + D per
# element, which is the same for both; right, the measured times (lower
# quartile) against the memory-bound model time = bytes / B + launches * L,
# whose two constants B (bandwidth) and L (the cost of a launch) are fitted
# to both kernels' times at once, as the Brent fit is (plots/fit.h).
# Set by the figure: datafile, plot_title, nseries, variant[], model_key,
# bytes_key.
set multiplot layout 1, 2 title plot_title
set xlabel "input size n (elements)"
set logscale x 2
set format x pow2fmt
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.1, graph 0.1
set key inside top right font ",10" spacing 0.9 samplen 2
set ylabel "bytes per element"
set y2label "(W/p + D) / n"
set ytics nomirror
set y2tics
set title bytes_key font ",11"
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $6 : NaN) with linespoints lt i pt 7 \
	title variant[i]." bytes moved", \
     datafile skip 1 using 3:(strcol(2) eq variant[1] ? $8 : NaN) with lines lt 8 dt 3 \
	title "unavoidable bytes", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $10 : NaN) axes x1y2 with lines lt i dt 2 \
	title variant[i]." (W/p + D) / n"
unset y2label
unset y2tics
set ytics mirror
set title model_key font ",11"
set ylabel "kernel time (ms, log scale)"
set key inside top left font ",10" spacing 0.9 samplen 2
set logscale y 10
set format y "%g"
plot for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $4 : NaN) with points lt i pt 7 \
	title variant[i]." measured", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(2) eq variant[i] ? $5 : NaN) with lines lt i dt 2 \
	title variant[i]." model"
unset multiplot
