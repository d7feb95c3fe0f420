/* segmented.cl - placeholder. */
#include "common.clh"
