/* matrix.cl - placeholder. */
#include "common.clh"
