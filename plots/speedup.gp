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
