/* A static global named 'arr' in each of two files, filled by halves. */
static int arr[4096];

static void fill_b(int lo, int hi) {
  int i;
  if (hi - lo <= 64) {
    for (i = lo; i < hi; i++)
      arr[i] = i * 2;
    return;
  }
  fill_b(lo, (lo + hi) / 2);
  fill_b((lo + hi) / 2, hi);
}

long run_b(void) {
  long s = 0;
  int i;
  fill_b(0, 4096);
  for (i = 0; i < 4096; i++)
    s += arr[i];
  return s;
}
