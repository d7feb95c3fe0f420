#!/bin/sh
# draw.sh - draw this report's figures with gnuplot (pram report --no-draw
# wrote the data and the scripts): sh draw.sh
set -e
cd "$(dirname "$0")"
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-1-time.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-1-time.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-1-cost.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-1-cost.gp
gnuplot -e "fmt='png'" radix-sort-by-bits-per-pass.gp
gnuplot -e "fmt='svg'" radix-sort-by-bits-per-pass.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-2-time.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-2-time.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-2-cost.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-2-cost.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-4-time.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-4-time.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-4-cost.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-4-cost.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-8-time.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-8-time.gp
gnuplot -e "fmt='png'" radix-sort-bits-per-pass-8-cost.gp
gnuplot -e "fmt='svg'" radix-sort-bits-per-pass-8-cost.gp
gnuplot -e "fmt='png'" family-sort.gp
gnuplot -e "fmt='svg'" family-sort.gp
gnuplot -e "fmt='png'" brent-speedup.gp
gnuplot -e "fmt='svg'" brent-speedup.gp
echo "11 figures drawn; the index page is index.html"
