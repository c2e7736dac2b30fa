// A pointer set again between the two halves of a divide and conquer, as
// code that walks its data with a cursor writes it: the analysis reads the
// pointer where each self-call passes it as the value the statements of the
// function's block before the call give it, each run once and in order, and
// a local declared without a value and set once (C89) as that value. So
// each function below gets its region without a pragma:
//
// - down: the parameter itself moved (`out += half * width;`), half set once
//   after its declaration;
// - walk: a local cursor set from the parameter, then moved;
// - step: `p = p + h`, assigned, h declared with its value;
// - twice: moved twice, by two statements.
//
// A pointer moved in a branch (branchy) is not read so: its offset there
// depends on the branch taken, and its region stays unknown.
// RUN: cleave analyze %s | FileCheck --check-prefix=MODEL %s
// (the model lists the functions by name)
// MODEL-LABEL: function branchy at
// MODEL-NOT: region: b[
// MODEL: has pointer parameter 'b' without a region
// MODEL-LABEL: function down at
// MODEL: region: out[0:rows][0:width] (rows of width) (read-write, inferred)
// MODEL-LABEL: function step at
// MODEL: region: p[0:n] (read, inferred)
// MODEL-LABEL: function twice at
// MODEL: region: v[0:n] (read-write, inferred)
// MODEL-LABEL: function walk at
// MODEL: region: a[0:n] (read-write, inferred)

void down(int *out, int rows, int width) {
  int half;
  if (rows <= 4) {
    for (int y = 0; y < rows; y++)
      for (int x = 0; x < width; x++)
        out[y * width + x] = x + y;
    return;
  }
  half = rows / 2;
  down(out, half, width);
  out += half * width;
  down(out, rows - half, width);
}

void walk(double *a, long n) {
  double *cursor;
  long h;
  if (n <= 16) {
    for (long i = 0; i < n; i++)
      a[i] *= 2.0;
    return;
  }
  h = n / 2;
  cursor = a;
  walk(cursor, h);
  cursor += h;
  walk(cursor, n - h);
}

long step(const long *p, long n) {
  if (n <= 16) {
    long s = 0;
    for (long i = 0; i < n; i++)
      s += p[i];
    return s;
  }
  long h = n / 2;
  long left = step(p, h);
  p = p + h;
  return left + step(p, n - h);
}

void twice(int *v, int n) {
  int third;
  if (n <= 3) {
    for (int i = 0; i < n; i++)
      v[i] = i;
    return;
  }
  third = n / 3;
  twice(v, third);
  v += third;
  twice(v, third);
  v += third;
  twice(v, n - 2 * third);
}

void branchy(int *b, int n, int flag) {
  if (n <= 3) {
    for (int i = 0; i < n; i++)
      b[i] = i;
    return;
  }
  if (flag)
    b += n;
  branchy(b, n / 2, 0);
}
