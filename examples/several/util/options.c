/* The command line, as benchmark programs read theirs: -n N (how many
   numbers), -s SEED, -v (log on stderr). An unknown option ends the
   program with its usage. */
#include "../common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(const char *name) {
  fprintf(stderr, "usage: %s [-n N] [-s SEED] [-v]\n", name);
  exit(2);
}

void get_options(int argc, char **argv, int *n, unsigned *seed) {
  int i;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-v") == 0)
      verbose = 1;
    else if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
      *n = atoi(argv[++i]);
    else if (strcmp(argv[i], "-s") == 0 && i + 1 < argc)
      *seed = (unsigned)strtoul(argv[++i], NULL, 10);
    else
      usage(argv[0]);
  }
  if (*n < 1)
    usage(argv[0]);
}
