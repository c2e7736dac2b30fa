#!/bin/sh
# Prints N, then the numbers 0 to N - 1, one a line, with -1 in place of the
# one at position STOP when STOP is not 0: the input of exit-deep.c.
awk -v n="$1" -v stop="$2" 'BEGIN { print n; for (i = 0; i < n; i++) print (stop && i == stop) ? -1 : i }'
