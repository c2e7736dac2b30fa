// Flags after `--` shape the analysis and pass on to the generated build:
// macros and include folders (those of the project as the output folder
// holds them, others absolute); warnings (-Wall) are left out (build-flags.test
// has the other kinds).
// RUN: rm -rf %t.out
// RUN: cleave parallelize %s -o %t.out -- -DCUTOFF=2 -I %S/Inputs -Wall 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: FileCheck --check-prefix=CMAKE %s < %t.out/CMakeLists.txt
// RUN: %cc -Wall -Werror -DCUTOFF=2 -I%S/Inputs %t.out/compile-flags.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=4 %t.par | FileCheck --check-prefix=OUT %s
#include "weights.h"
#include <stdio.h>

#pragma cleave region(w[0:n])
void scale(weight_t *w, int n) {
  if (n <= CUTOFF) {
    for (int i = 0; i < n; i++)
      w[i] *= 3;
    return;
  }
  scale(w, n / 2);
  scale(w + n / 2, n - n / 2);
}
// REMARK: compile-flags.c:[[@LINE-3]]:3: remark: call to 'scale' runs asynchronously

int main(void) {
  weight_t w[100];
  for (int i = 0; i < 100; i++)
    w[i] = i;
  scale(w, 100);
  weight_t sum = 0;
  for (int i = 0; i < 100; i++)
    sum += w[i];
  printf("sum %ld\n", (long)sum);
  return 0;
}
// CMAKE: target_compile_options(compile-flags PRIVATE "-DCUTOFF=2" "-I${CMAKE_CURRENT_SOURCE_DIR}/Inputs")
// OUT: sum 14850
