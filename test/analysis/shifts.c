// A shift by a constant is a product or, of a value that is not negative, a
// quotient: `n >> 2` quarters n as `n / 4` does (where n may be negative, C
// leaves `>>` to the compiler and the analysis reads nothing), and `q << 1`
// doubles q. So quarters gets v[0:n] without a pragma and its first three
// quarters run on other nodes.
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// RUN: cleave parallelize %s --dry-run | FileCheck --check-prefix=PLAN %s
// MODEL-LABEL: function quarters at
// MODEL: region: v[0:n] (read-write, inferred)
// PLAN: shifts.c:[[@LINE+11]]:3: quarters: spawned on the next node of the binomial tree; regions v[0:q]
// PLAN: shifts.c:[[@LINE+11]]:3: quarters: spawned on the next node of the binomial tree; regions v[q:2 * q]
// PLAN: shifts.c:[[@LINE+11]]:3: quarters: spawned on the next node of the binomial tree; regions v[2 * q:3 * q]
// PLAN: shifts.c:[[@LINE+11]]:3: quarters: sequential: it is the part kept on this node
void quarters(int *v, int n) {
  if (n < 16) {
    for (int i = 0; i < n; i++)
      v[i] = i;
    return;
  }
  int q = n >> 2;
  quarters(v, q);
  quarters(v + q, q);
  quarters(v + 2 * q, q);
  quarters(v + (q << 1) + q, n - 3 * q);
}
