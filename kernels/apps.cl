/* apps.cl - placeholder. */
#include "common.clh"
