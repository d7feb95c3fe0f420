/*
 * include-solution.c - a cheat: the shipped solution, included.
 * lint: 5: #include "../../../lessons/03-blelloch/solutions/scan.c"
 */
#include "../../../lessons/03-blelloch/solutions/scan.c"
