# scan-blelloch-cost.gp - drawn by pram report; redraw with
#   gnuplot -e "fmt='png'" scan-blelloch-cost.gp   (or fmt='svg', or fmt='dumb' for a terminal)
out = "scan-blelloch-cost"
datafile = "scan-blelloch-cost.csv"
plot_title = "scan-blelloch: work and depth\n{/*0.8 the simulator (up to n = 2^{18}) against the closed forms}"
plot_title_plain = "scan-blelloch: work and depth\nthe simulator (up to n = 2^18) against the closed forms"
has_cf = 5
cf_key = "closed form only (n > 2^{18})"
cf_key_plain = "closed form only (n > 2^18)"
has_closed = 1
has_serial = 0

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

### from the template cost.gp
# cost.gp - work W(n) and depth D(n) of one algorithm as the PRAM simulator
# counts them (points) against the registry's exact closed forms (lines).
# Past the largest simulated size (--sim-max) only the closed form is known:
# its values there are drawn as open circles, and the key says so.
# Set by the figure: datafile, plot_title, has_closed, has_serial, has_cf,
# cf_key, cf_key_plain.
# D_serial, as the terminal (no enhanced text) or a picture writes it.
dserial = (fmt eq "dumb") ? "D_serial" : "D_{serial}"
if (fmt eq "dumb") {
	cf_key = cf_key_plain
}
# The circles past --sim-max, added to a plot where there are such sizes
# (a macro, so that no plot has an element without points): column col of
# the data in linetype lt.
# A macro is expanded when its whole if-block is read: these are set here.
cf_points(col, lt) = has_cf ? sprintf(", datafile skip 1 using 2:(strcol(3) eq \"closed-form\" ? $%d : NaN) with points lt %d pt 6 ps 2.4 title cf_key", col, lt) : ""
cfw = cf_points(4, 1)
cfd = cf_points(5, 2)
set multiplot layout 1,2 title plot_title font ",26"
# Each panel is half the width: a narrower key, where the curve is not.
set key top left width -2
set xlabel "input size n (elements)"
set logscale x 2
set format x pow2fmt
set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.05
set title "work W(n)"
set ylabel "operations (log scale)"
set logscale y 10
set format y (fmt eq "dumb") ? "10^%L" : "10^{%L}"
if (has_closed) {
	plot datafile skip 1 using 2:7 with lines lt 1 dt 2 title "closed form", \
	     datafile skip 1 using 2:(strcol(3) eq "simulator" ? $4 : NaN) with points lt 1 \
		title "simulator" @cfw
} else {
	plot datafile skip 1 using 2:(strcol(3) eq "simulator" ? $4 : NaN) with linespoints lt 1 \
		title "simulator"
}
set title "depth D(n)"
# Depth grows to the top right, from half its height at the left.
set key bottom right
set ylabel "steps"
unset logscale y
set format y "%g"
set yrange [0:*]
if (has_closed) {
	if (has_serial) {
		plot datafile skip 1 using 2:8 with lines lt 2 dt 2 title "closed form", \
		     datafile skip 1 using 2:(strcol(3) eq "simulator" ? $5 : NaN) with points lt 2 \
			title "simulator", \
		     datafile skip 1 using 2:(strcol(3) eq "simulator" ? $6 : NaN) with points lt 3 \
			title dserial.": atomics on one cell in turn" @cfd
	} else {
		plot datafile skip 1 using 2:8 with lines lt 2 dt 2 title "closed form", \
		     datafile skip 1 using 2:(strcol(3) eq "simulator" ? $5 : NaN) with points lt 2 \
			title "simulator" @cfd
	}
} else {
	plot datafile skip 1 using 2:(strcol(3) eq "simulator" ? $5 : NaN) with linespoints lt 2 \
		title "simulator", \
	     datafile skip 1 using 2:(strcol(3) eq "simulator" ? $6 : NaN) with points lt 3 \
		title dserial
}
unset multiplot
