# seqspeedup.gp - speedup against the best sequential time: T_seq / T_p of
# each algorithm on p processors (T_p = sum over steps of ceil(W_i/p) on the
# PRAM simulator), T_seq the operations of the best sequential algorithm for
# its problem (n - 1 for a scan), so that an algorithm doing more work
# starts below 1 and never looks as if it scaled better. Dashed in the same
# colour: Brent's bound T_seq/(W/p + D); dotted: the ideal speedup p. The
# course site draws it (pram lessons --html).
# Set by the figure: datafile, plot_title, nseries, name[], pmax.
set title plot_title
set xlabel "p, processors"
set ylabel "speedup T_{seq} / T_p (log scale)"
if (fmt eq "dumb") {
	set ylabel "speedup T_seq / T_p (log scale)"
}
set logscale x 2
set logscale y 2
set format x pow2fmt
set format y pow2fmt
set xrange [1:pmax]
set key top left samplen 4
plot x with lines lt 8 dt 3 title "ideal: p", \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(1) eq name[i] ? $8 : NaN) with linespoints lt i title name[i], \
     for [i=1:nseries] datafile skip 1 \
	using 3:(strcol(1) eq name[i] ? $9 : NaN) with lines lt i dt 2 notitle, \
     NaN with lines lt 7 dt 2 title "dashed: Brent, T_{seq}/(W/p + D)"
