# brent-speedup.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" brent-speedup.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "brent-speedup"
datafile = "brent-speedup.csv"
plot_title = "Brent's theorem on the simulator: speedup on p processors, n = 2^{18}"
plot_title_plain = "Brent's theorem on the simulator: speedup on p processors, n = 2^18"
nseries = 2
array name[2] = ["reduce", "scan-blelloch"]
array same[2] = [0, 1]
pmax = 524288

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

### from the template speedup.gp
# speedup.gp - Brent's theorem on the PRAM simulator: the speedup T_1/T_p of
# each algorithm when its steps run on p processors (T_p = sum over steps of
# ceil(W_i/p)), against the bound's W/(W/p + D) dashed in the same colour and
# the ideal speedup p.
# Set by the figure: datafile, plot_title, nseries, name[], same[], pmax.
set title plot_title
set xlabel "p, processors"
set ylabel "speedup T_1 / T_p (log scale)"
set logscale x 2
set logscale y 2
set format x pow2fmt
set format y pow2fmt
set xrange [1:pmax]
# Many algorithms: the key goes beside the plot, in smaller type, so that it
# hides none of the curves where they bend away from p; a few: top left,
# above the diagonal, where no curve goes, with two doublings of room above
# the highest curve.
if (nseries > 4) {
	set key outside right top samplen 3 font ",17" spacing 1.0
} else {
	set key top left samplen 4
	set yrange [1:4 * pmax]
}
# A curve that lies on an earlier one (same[i] names it: reduce and
# Blelloch's scan both have W/D = n/log n) is drawn as large open circles
# around the earlier curve's points, without a line, and its key says so.
plot x with lines lt 8 dt 3 title "ideal: p", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(1) eq name[i] && same[i] == 0 ? $8 : NaN) with linespoints lt i \
	title (same[i] == 0 ? name[i]." T_1/T_p" : ""), \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(1) eq name[i] && same[i] > 0 ? $8 : NaN) with points lt i pt 6 ps 3.4 \
	title (same[i] > 0 ? name[i]." T_1/T_p = ".name[same[i] > 0 ? same[i] : 1]."'s (circles)" : ""), \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(1) eq name[i] ? $9 : NaN) with lines lt i dt 2 notitle, \
     NaN with lines lt 7 dt 2 title "dashed: Brent, W/(W/p + D)"
