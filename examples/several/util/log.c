/* The program's log, on stderr. */
#include "../common.h"
#include <stdio.h>

void note(const char *what, long value) {
  if (verbose)
    fprintf(stderr, "%s: %ld\n", what, value);
}
