# scan-brent-perproc.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" scan-brent-perproc.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "scan-brent-perproc"
datafile = "scan-brent-perproc.csv"
plot_title = "scan-brent, f elements per work-item: speedup over f = 2\n{/*0.8 n = 2^{20}, on NVIDIA H100 80GB HBM3, p = 4224 lanes}"
nseries = 2
array variant[2] = ["teaching", "tuned"]
brentlabel = "Brent: (W_2/p + D_2) / (W_f/p + D_f), p = 4224"

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

### from the template perproc.gp
# perproc.gp - Brent's theorem applied to f elements per work-item, as in the
# lecture notes: the measured speedup over f = 2 (where the notes' work and
# depth equal plain Blelloch's) against the notes' limit 2f/(f+2) and the
# Brent ratio (W_2/p + D_2) / (W_f/p + D_f) at this n and p.
# Set by the figure: datafile, plot_title, nseries, variant[], brentlabel.
set title plot_title
set xlabel "f, elements per work-item"
set ylabel "speedup over f = 2"
set logscale x 2
set xrange [0.85:38]
set yrange [0:*]
set format x "%g"
set key top left
# Room above the curves for the key.
set offsets 0, 0, graph 0.6, 0
set samples 200
plot 2*x/(x+2) with lines lt 7 dt 2 title "notes: 2f/(f+2) for large n", \
     datafile skip 1 using 3:(strcol(4) eq "prediction" ? $10 : NaN) with linespoints lt 8 dt 3 \
	title brentlabel, \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(4) eq variant[i] ? $8 : NaN) with linespoints lt i \
	title variant[i]." kernel, measured"
