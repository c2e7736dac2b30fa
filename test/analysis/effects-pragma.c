// A region pragma that gives less than the analysis proves the function
// touches gets a warning; one the analysis cannot compare with gets none.
// RUN: cleave analyze %s 2>&1 >/dev/null | FileCheck %s
// RUN: cleave analyze %s 2>&1 >/dev/null | FileCheck --check-prefix=NONE %s

// CHECK: effects-pragma.c:[[@LINE+1]]:16: warning: region of 'a' is given as a[0:n], but 'over' writes a[0:n + 1], which lies outside it
#pragma cleave region(a[0:n])
void over(int *a, int n) {
  for (int i = 0; i <= n; i++)
    a[i] = 0;
}

// CHECK: effects-pragma.c:[[@LINE+1]]:16: warning: region of 'a' is given as a[lo + 1:hi], but 'under' reads a[lo:hi], which lies outside it
#pragma cleave region(a[lo + 1:hi], b[lo:hi])
void under(const int *a, int *b, int lo, int hi) {
  for (int i = lo; i < hi; i++)
    b[i] = a[i];
}

// NONE-NOT: 'inside'
#pragma cleave region(a[0:n])
void inside(int *a, int n) {
  for (int i = 0; i < n / 2; i++)
    a[i] = 0;
}
