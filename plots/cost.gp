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
