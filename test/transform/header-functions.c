// A loop's call of a function that a header defines stays sequential and
// says why; cleave summarizes only the main file's functions (it crashed
// here on Csmith's programs, whose safe_math.h defines its arithmetic). A
// header's function that only computes on the values it is given (spin,
// as glibc's __bswap_32) acts on values, so a function of the main file
// that calls it may still run on another node; one that follows a pointer
// (fill) has effects cleave does not know.
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out -- -I %S/Inputs/header-functions 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: cleave parallelize %s --dry-run -- -I %S/Inputs/header-functions | FileCheck --check-prefix=DRY %s
// RUN: %cc -Wall -Werror -I%S/Inputs/header-functions %s -o %t.seq
// RUN: %cc -Wall -Werror -I%S/Inputs/header-functions %t.out/header-functions.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: %t.seq > %t.expected
// RUN: env CLEAVE_NODES=2 %t.par | diff %t.expected -
#include "helpers.h"
#include <stdio.h>

static long through(long n) { return spin(n) + 1; }
static long touch(long n) {
  long v[4];
  fill(v, 4);
  return v[3] + n;
}

int main(void) {
  long r[4], s = 0, v[8][16];
  for (int k = 0; k < 4; k++)
    r[k] = spin(1000 + k);
  // REMARK: header-functions.c:[[@LINE-1]]:12: remark: call to 'spin' stays sequential: 'spin' is defined in header 'helpers.h', whose functions cleave does not summarize
  for (int k = 0; k < 4; k++)
    s += SPIN(100 * k);
  // REMARK: header-functions.c:[[@LINE-1]]:10: remark: call to 'spin' stays sequential: it is written inside a macro
  for (int k = 0; k < 8; k++)
    fill(v[k], 16);
  // REMARK: header-functions.c:[[@LINE-1]]:5: remark: call to 'fill' stays sequential: 'fill' is defined in header 'helpers.h', whose functions cleave does not summarize
  for (int k = 0; k < 4; k++)
    s += through(k);
  // REMARK: header-functions.c:[[@LINE-1]]:10: remark: call to 'through' runs asynchronously on the next node of the binomial tree; joined after its loop, line [[@LINE-1]], with the calls of the other iterations
  for (int k = 0; k < 4; k++)
    s += touch(k);
  // REMARK: header-functions.c:[[@LINE-1]]:10: remark: call to 'touch' stays sequential: 'touch' calls 'fill', whose effects are unknown
  printf("%ld %ld %ld %ld\n", r[0], r[3], s, v[7][15]);
  return 0;
}
// DRY: header-functions.c:[[@LINE-17]]:12: spin: sequential: 'spin' is defined in header 'helpers.h', whose functions cleave does not summarize
