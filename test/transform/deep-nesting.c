// A switch of a million case labels nests its statements a million deep,
// which Clang reads in a loop and the analysis walks one call a level: it
// ran out of the main thread's 8 MiB of stack (found by bench/fuzz's
// front-fuzz on a file of the GCC torture suite, made ten times larger).
// Every file is analyzed on a thread with a stack of its own. The labels
// are written out (macros that make them cost Clang ten times as long).
// RUN: rm -rf %t.out
// RUN: python3 -c "print(*('case %%d:' %% i for i in range(1000000)))" > %t.labels
// RUN: cleave analyze --json %s -- -DLABELS='"%t.labels"' > %t.json
// RUN: python3 -c "import json,sys; m = json.load(open(sys.argv[1])); print(sorted(f['name'] for f in m['functions']))" %t.json | FileCheck --check-prefix=JSON %s
// RUN: cleave parallelize %s -o %t.out -- -DLABELS='"%t.labels"' 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %cc -O0 -DLABELS='"%t.labels"' %t.out/deep-nesting.c %t.out/cleave_stubs.c %cleave_rt -o %t.par
// RUN: env CLEAVE_NODES=2 %t.par | FileCheck --check-prefix=RESULT %s
// JSON: ['classify', 'main', 'sum']
// RESULT: 1000000 500000500000
#include <stdio.h>

static int classify(long v) {
  switch (v) {
#include LABELS
    return 1;
  }
  return 0;
}

static long sum(const long *a, long n) {
  if (n == 1)
    return a[0];
  long h = n / 2;
  // REMARK: deep-nesting.c:[[@LINE+1]]:12: remark: call to 'sum' runs asynchronously
  long x = sum(a, h);
  long y = sum(a + h, n - h);
  return x + y;
}

int main(void) {
  static long a[1000000];
  long hits = 0;
  for (long i = 0; i < 1000000; i++) {
    a[i] = i + 1;
    hits += classify(i);
  }
  long total = sum(a, 1000000);
  printf("%ld %ld\n", hits, total);
  return 0;
}
