#!/usr/bin/env python3
"""Speed benchmark of `cleave analyze --json` against `clang-19 -fsyntax-only`.

Generates, from a fixed seed, one C program of about --lines lines (many
functions with loops over arrays, branches and switches, linked lists and trees,
recursive divide-and-conquer over array ranges, calls between functions,
globals and libc calls), checks that clang accepts it with -Wall, then runs,
alternating, --runs times each:

    clang-19 -fsyntax-only -std=gnu99 FILE
    BUILD/bin/cleave analyze --json FILE -- -std=gnu99      (stdout to /dev/null)
    BUILD/bin/cleave analyze --json --graphs FILE -- -std=gnu99   (shown, not limited)

and prints the medians of wall time and of the child's peak resident memory
(ru_maxrss from os.wait4), and the ratios cleave / clang. The requirement:
at most 1.5x the time and 2x the peak memory of clang.

With --torture, the same comparison runs instead over every file of the GCC
torture suite that clang accepts (as scripts/torture.py finds them), a process
per file; a run's figures are the sum of the times and the largest peak.

One untimed run of each command comes first (it warms the caches and checks
that both succeed). The program is written to a temporary folder that is
removed at the end, unless --keep FILE asks to keep a copy.

Used by `make bench-analyze`."""
import argparse
import os
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

N_BUF = 4096
N_GLOBAL_ARRAYS = 24
N_GLOBAL_COUNTERS = 16
N_LIST_TYPES = 12
N_TREE_TYPES = 12
N_VEC_TYPES = 8


class Body:
    """Lines of C with the indentation tracked."""

    def __init__(self):
        self.lines = []
        self.depth = 0

    def line(self, text=""):
        self.lines.append(("    " * self.depth + text) if text else "")

    def open(self, text):
        self.line(text + " {")
        self.depth += 1

    def close(self, tail=""):
        self.depth -= 1
        self.line("}" + tail)

    def bare(self):
        """Opens a bare block, to scope its declarations."""
        self.line("{")
        self.depth += 1

    def reopen(self, text):
        """Closes a block and opens the next on the same line: "} else {"."""
        self.depth -= 1
        self.line("} " + text + " {")
        self.depth += 1


class Generator:
    """Writes a deterministic, varied C program; see generate()."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.lines = []
        self.count = 0                      # functions written
        self.serial = 0                     # suffix of the next name
        # name lists by kind, only functions already written (callable).
        self.fn = {k: [] for k in ("kern_d", "kern_i", "classify", "stats", "mat",
                                   "sort_tmp", "sort", "qsort", "sum_range", "dot_range",
                                   "scale_range", "text", "vec_sum", "run", "phase")}
        self.list_fn = {t: {} for t in range(N_LIST_TYPES)}   # type -> role -> [names]
        self.tree_fn = {t: {} for t in range(N_TREE_TYPES)}
        self.list_fields = {}
        self.tree_fields = {}
        self.vec_fields = {}
        self.called = set()

    # ---- small random pieces -------------------------------------------------

    def name(self, stem):
        self.serial += 1
        return "%s_%d" % (stem, self.serial)

    def dconst(self):
        return self.r.choice(["0.5", "0.25", "0.125", "1.5", "2.0", "0.75", "3.0", "0.1",
                              "0.9", "1.25", "0.05", "4.0"])

    def iconst(self, lo=1, hi=9):
        return str(self.r.randint(lo, hi))

    def gbuf(self):
        return "g_buf_%d" % self.r.randrange(N_GLOBAL_ARRAYS)

    def gcount(self):
        return "g_hits_%d" % self.r.randrange(N_GLOBAL_COUNTERS)

    def pick(self, kind):
        names = self.fn[kind]
        if not names:
            return None
        # favour recent functions a little, as real code calls its neighbours
        if self.r.random() < 0.5:
            name = self.r.choice(names[-20:])
        else:
            name = self.r.choice(names)
        self.called.add(name)
        return name

    @staticmethod
    def sub(arr, m, c, var="i"):
        """arr[m * var + c], written the way people write it."""
        idx = var if m == 1 else "%d * %s" % (m, var)
        if c > 0:
            idx += " + %d" % c
        elif c < 0:
            idx += " - %d" % -c
        return "%s[%s]" % (arr, idx)

    def dexpr(self, terms):
        """A double expression from the given operand strings."""
        out = terms[0]
        for t in terms[1:]:
            op = self.r.choice(["+", "-", "*", "+"])
            if op == "*":
                out = "%s * %s" % (out if " " not in out else "(%s)" % out, t)
            else:
                out = "%s %s %s" % (out, op, t)
        if self.r.random() < 0.5:
            out = "%s * %s" % ("(%s)" % out if " " in out else out, self.dconst())
        return out

    # ---- the program's head: includes, types, globals ------------------------

    def head(self):
        L = self.lines
        L.append("/* Generated by scripts/bench-analyze.py: a large, varied C program")
        L.append("   used to time `cleave analyze --json` against clang -fsyntax-only. */")
        for h in ("stdio.h", "stdlib.h", "string.h", "math.h"):
            L.append("#include <%s>" % h)
        L.append("")
        L.append("#define N_BUF %d" % N_BUF)
        L.append("#define MIN(a, b) ((a) < (b) ? (a) : (b))")
        L.append("")
        for t in range(N_LIST_TYPES):
            f = {"tag": self.r.random() < 0.5, "stamp": self.r.random() < 0.5,
                 "prev": self.r.random() < 0.3}
            self.list_fields[t] = f
            L.append("struct node_%d {" % t)
            L.append("    int key;")
            L.append("    double weight;")
            if f["tag"]:
                L.append("    char tag[%d];" % self.r.choice([8, 12, 16]))
            if f["stamp"]:
                L.append("    long stamp;")
            if f["prev"]:
                L.append("    struct node_%d *prev;" % t)
            L.append("    struct node_%d *next;" % t)
            L.append("};")
            L.append("")
        for t in range(N_TREE_TYPES):
            f = {"parent": self.r.random() < 0.3, "value": self.r.random() < 0.6}
            self.tree_fields[t] = f
            L.append("struct tree_%d {" % t)
            L.append("    int key;")
            L.append("    long count;")
            if f["value"]:
                L.append("    double value;")
            if f["parent"]:
                L.append("    struct tree_%d *parent;" % t)
            L.append("    struct tree_%d *left;" % t)
            L.append("    struct tree_%d *right;" % t)
            L.append("};")
            L.append("")
        for t in range(N_VEC_TYPES):
            L.append("struct vec_%d {" % t)
            L.append("    double *data;")
            L.append("    int len;")
            L.append("    int cap;")
            if self.r.random() < 0.5:
                L.append("    const char *label;")
                self.vec_fields[t] = True
            else:
                self.vec_fields[t] = False
            L.append("};")
            L.append("")
        for g in range(N_GLOBAL_ARRAYS):
            L.append("double g_buf_%d[N_BUF];" % g)
        for g in range(N_GLOBAL_COUNTERS):
            L.append("long g_hits_%d;" % g)
        L.append("double g_total;")
        L.append("static const double g_coef[8] = {%s};" % ", ".join(
            "%.3f" % self.r.uniform(-2, 2) for _ in range(8)))
        L.append("")

    def emit(self, ret, name, params, body, kind=None):
        self.lines.append("%s%s(%s)" % (ret if ret.endswith("*") else ret + " ", name, params))
        self.lines.append("{")
        self.lines.extend(body.lines)
        self.lines.append("}")
        self.lines.append("")
        self.count += 1
        if kind:
            self.fn[kind].append(name)

    # ---- loop kernels over arrays --------------------------------------------

    def kern_d_block(self, b):
        """One loop nest over double arrays a (written) and x (read), length n."""
        r = self.r
        choice = r.randrange(11)
        if choice == 0:    # affine subscripts, stride m
            m = r.choice([1, 1, 2, 3])
            hi = r.randint(0, 4)
            b.open("for (int i = 0; i < (n - %d) / %d; i++)" % (hi + 1, m) if m > 1 else
                   "for (int i = 0; i < n - %d; i++)" % hi if hi else "for (int i = 0; i < n; i++)")
            terms = [self.sub("x", m, r.randint(0, hi)) for _ in range(r.randint(1, 3))]
            dst = self.sub("a", m, r.randint(0, hi))
            b.line("%s = %s;" % (dst, self.dexpr(terms)))
            if r.random() < 0.6:
                b.line("acc += %s;" % dst)
            b.close()
        elif choice == 1:  # stencil with if/else
            b.open("for (int i = 1; i < n - 1; i++)")
            b.line("double d = x[i + 1] - x[i - 1];")
            b.open("if (d > %s)" % self.dconst())
            b.line("acc += d * %s;" % self.dconst())
            b.reopen("else if (d < -%s)" % self.dconst())
            b.line("acc -= d;")
            if r.random() < 0.5:
                b.line("%s++;" % self.gcount())
            b.reopen("else")
            b.line("a[i] = %s * (a[i] + d);" % self.dconst())
            b.close()
            b.close()
        elif choice == 2:  # while loop with a data-dependent exit
            b.bare()
            b.line("int k = %d;" % r.randint(0, 3))
            b.open("while (k < n && x[k] < %d.0)" % r.randint(50, 500))
            b.line("a[k] += x[k] * %s;" % self.dconst())
            b.line("k += %d;" % r.randint(1, 3))
            b.close()
            b.line("acc += k;")
            b.close()
        elif choice == 3:  # do-while counting down
            b.open("if (n > 0)")
            b.line("int k = n - 1;")
            b.open("do")
            b.line("acc += a[k] * x[k];")
            b.line("k -= %d;" % r.randint(1, 4))
            b.close(" while (k >= 0);")
            b.close()
        elif choice == 4:  # row-major 2-D nest
            cols = r.choice([8, 16, 32, 64])
            b.bare()
            b.line("int cols = %d;" % cols)
            b.line("int rows = n / cols;")
            b.open("for (int r = 1; r < rows; r++)")
            b.open("for (int c = 0; c < cols; c++)")
            if r.random() < 0.5:
                b.line("a[r * cols + c] += %s * x[(r - 1) * cols + c];" % self.dconst())
            else:
                b.line("a[r * cols + c] = a[(r - 1) * cols + c] + x[r * cols + c];")
            b.close()
            b.close()
            b.close()
        elif choice == 5:  # switch in a loop
            k = r.randint(3, 6)
            b.open("for (int i = 0; i < n; i++)")
            b.open("switch (i %% %d)" % k)
            for case in range(r.randint(2, k - 1)):
                b.lines.append("    " * (b.depth - 1) + "case %d:" % case)
                b.line(r.choice(["a[i] = x[i] * %s;" % self.dconst(), "a[i] = -x[i];",
                                 "acc += x[i];", "a[i] += g_coef[i & 7];",
                                 "acc -= a[i] * %s;" % self.dconst()]))
                b.line("break;")
            b.lines.append("    " * (b.depth - 1) + "default:")
            b.line("acc += %s * x[i];" % self.dconst())
            b.line("break;")
            b.close()
            b.close()
        elif choice == 6:  # libm in a reduction
            fn = r.choice(["sqrt(fabs(x[i]))", "sin(x[i])", "exp(-fabs(x[i]))",
                           "log(1.0 + fabs(x[i]))", "pow(fabs(x[i]), %s)" % self.dconst()])
            b.open("for (int i = 0; i < n; i++)")
            b.line("acc += %s;" % fn)
            b.close()
        elif choice == 7:  # global buffer
            g = self.gbuf()
            b.open("for (int i = 0; i < MIN(n, N_BUF); i++)")
            b.line("%s[i] = %s[i] * %s + a[i];" % (g, g, self.dconst()))
            b.close()
            b.line("%s += n;" % self.gcount())
        elif choice == 8:  # memcpy of a prefix
            b.open("if (n > 1)")
            b.line("memcpy(a, x, (size_t)(n / %d) * sizeof *a);" % r.randint(2, 4))
            b.close()
        elif choice == 9:  # loop-carried recurrence, counting down
            s = r.randint(1, 3)
            b.open("for (int i = n - 1; i >= %d; i -= %d)" % (s, s))
            b.line("a[i] = a[i - %d] * %s + x[i];" % (s, self.dconst()))
            b.close()
        else:              # call to a scalar helper
            helper = self.pick("classify")
            b.open("for (int i = 0; i < n; i += %d)" % r.randint(1, 4))
            if helper:
                b.line("acc += %s((int)x[i], i);" % helper)
            else:
                b.line("acc += (i & 1) ? x[i] : -x[i];")
            b.close()

    def kern_d(self):
        name = self.name("kern")
        b = Body()
        b.depth = 1
        b.line("double acc = 0.0;")
        for _ in range(self.r.randint(4, 8)):
            self.kern_d_block(b)
        b.line("return acc;")
        restrict = "restrict " if self.r.random() < 0.3 else ""
        self.emit("double", name, "double *%sa, const double *%sx, int n" % (restrict, restrict),
                  b, "kern_d")

    def kern_i(self):
        r = self.r
        name = self.name("ikern")
        b = Body()
        b.depth = 1
        b.line("long acc = 0;")
        for _ in range(r.randint(4, 8)):
            choice = r.randrange(7)
            if choice == 0:
                m = r.choice([1, 2])
                c = r.randint(0, 3)
                b.open("for (int i = 0; i < (n - %d) / %d; i++)" % (c + 1, m))
                b.line("%s = (%s + %s) %% %d;" % (self.sub("v", m, c), self.sub("w", m, 0),
                                                  self.sub("w", m, c), r.randint(97, 9973)))
                b.close()
            elif choice == 1:
                b.open("for (int i = 0; i < n; i++)")
                b.open("if ((v[i] & %d) == 0)" % r.choice([1, 3, 7]))
                b.line("acc += v[i];")
                b.reopen("else")
                b.line("acc -= w[i] >> %d;" % r.randint(1, 3))
                b.close()
                b.close()
            elif choice == 2:
                b.open("for (int i = %d; i < n; i++)" % r.randint(1, 3))
                b.line("v[i] = v[i - 1] ^ (w[i] * %d);" % r.randint(3, 31))
                b.close()
            elif choice == 3:
                b.bare()
                b.line("int hist[%d];" % (k := r.choice([8, 16, 32])))
                b.line("memset(hist, 0, sizeof hist);")
                b.open("for (int i = 0; i < n; i++)")
                b.line("hist[(unsigned)w[i] %% %du]++;" % k)
                b.close()
                b.open("for (int j = 0; j < %d; j++)" % k)
                b.line("acc += (long)hist[j] * j;")
                b.close()
                b.close()
            elif choice == 4:
                b.bare()
                b.line("int lo = 0, hi = n - 1;")
                b.open("while (lo < hi)")
                b.line("int t = v[lo];")
                b.line("v[lo] = v[hi];")
                b.line("v[hi] = t;")
                b.line("lo++;")
                b.line("hi--;")
                b.close()
                b.close()
            elif choice == 5:
                b.open("for (int i = 0; i < n; i++)")
                b.open("switch (w[i] & 3)")
                for case in range(3):
                    b.lines.append("    " * (b.depth - 1) + "case %d:" % case)
                    b.line(r.choice(["acc += %d;" % r.randint(1, 9), "v[i] += %d;" % case,
                                     "acc ^= v[i];", "%s++;" % self.gcount()]))
                    b.line("break;")
                b.lines.append("    " * (b.depth - 1) + "default:")
                b.line("acc -= 1;")
                b.line("break;")
                b.close()
                b.close()
            else:
                b.open("for (int i = 0; i + %d < n; i += %d)" % (s := r.randint(2, 4), s))
                b.line("acc += (long)v[i] * w[i + %d] - v[i + 1];" % r.randint(0, s))
                b.close()
        b.line("return acc;")
        self.emit("long", name, "int *v, const int *w, int n", b, "kern_i")

    def classify(self):
        r = self.r
        name = self.name("classify")
        b = Body()
        b.depth = 1
        b.line("int r = 0;")
        b.open("if (x > y)")
        b.line("r = x - y;")
        b.reopen("else if (x == y)")
        b.line("r = %d;" % r.randint(1, 9))
        b.reopen("else")
        b.line("r = (y - x) / %d;" % r.randint(2, 5))
        b.close()
        b.open("switch ((x + y) & 7)")
        for case in r.sample(range(8), r.randint(3, 6)):
            b.lines.append("    " * (b.depth - 1) + "case %d:" % case)
            b.line(r.choice(["r += %d;" % r.randint(1, 20), "r *= 2;", "r -= x %% %d;" % r.randint(2, 9),
                             "r ^= y;", "r = -r;"]))
            b.line("break;")
        b.lines.append("    " * (b.depth - 1) + "default:")
        b.line("r++;")
        b.line("break;")
        b.close()
        b.open("while (x > %d)" % r.randint(5, 50))
        b.line("x /= %d;" % r.randint(2, 4))
        b.line("r++;")
        b.close()
        if r.random() < 0.5:
            b.open("for (int k = 0; k < (y & 15); k++)")
            b.open("if (k %% %d == 0)" % r.randint(2, 5))
            b.line("continue;")
            b.close()
            b.line("r += k;")
            b.close()
        b.line("return r;")
        self.emit("int", name, "int x, int y", b, "classify")

    def stats(self):
        r = self.r
        name = self.name("stats")
        b = Body()
        b.depth = 1
        b.line("double mean = 0.0, var = 0.0, lo = 0.0, hi = 0.0;")
        b.open("if (n <= 0)")
        b.line("return 0.0;")
        b.close()
        b.line("lo = hi = x[0];")
        b.open("for (int i = 0; i < n; i++)")
        b.line("mean += x[i];")
        b.open("if (x[i] < lo)")
        b.line("lo = x[i];")
        b.close()
        b.open("if (x[i] > hi)")
        b.line("hi = x[i];")
        b.close()
        b.close()
        b.line("mean /= n;")
        b.open("for (int i = 0; i < n; i++)")
        b.line("double d = x[i] - mean;")
        b.line("var += d * d;")
        b.close()
        b.line("var = sqrt(var / n);")
        if r.random() < 0.5:
            b.line("var += %s * fabs(hi - lo);" % self.dconst())
        if r.random() < 0.3:
            b.line('printf("%s: n %%d mean %%.4f sd %%.4f range [%%.3f, %%.3f]\\n", n, mean, var, lo, hi);'
                   % name)
        b.line("return mean + %s * var;" % self.dconst())
        self.emit("double", name, "const double *x, int n", b, "stats")

    def mat(self):
        r = self.r
        name = self.name("matmul")
        b = Body()
        b.depth = 1
        b.open("for (int i = 0; i < rows; i++)")
        b.open("for (int j = 0; j < cols; j++)")
        b.line("double s = 0.0;")
        b.open("for (int k = 0; k < inner; k++)")
        b.line("s += a[i * inner + k] * x[k * cols + j];")
        b.close()
        b.line("c[i * cols + j] = s;" if r.random() < 0.5 else "c[i * cols + j] += %s * s;" % self.dconst())
        b.close()
        b.close()
        if r.random() < 0.5:
            b.open("for (int i = 0; i < rows; i++)")
            b.line("double norm = 0.0;")
            b.open("for (int j = 0; j < cols; j++)")
            b.line("norm += c[i * cols + j] * c[i * cols + j];")
            b.close()
            b.line("norm = sqrt(norm);")
            b.open("if (norm > 0.0)")
            b.open("for (int j = 0; j < cols; j++)")
            b.line("c[i * cols + j] /= norm;")
            b.close()
            b.close()
            b.close()
        self.emit("void", name, "double *c, const double *a, const double *x, int rows, int inner, int cols",
                  b, "mat")

    # ---- recursive divide and conquer over array ranges ----------------------

    def sort_tmp(self):
        r = self.r
        name = self.name("msort")
        cut = r.choice([8, 16, 24, 32])
        b = Body()
        b.depth = 1
        b.open("if (hi - lo <= %d)" % cut)
        b.open("for (int i = lo + 1; i < hi; i++)")
        b.line("int v = a[i];")
        b.line("int j = i - 1;")
        b.open("while (j >= lo && a[j] > v)")
        b.line("a[j + 1] = a[j];")
        b.line("j--;")
        b.close()
        b.line("a[j + 1] = v;")
        b.close()
        b.line("return;")
        b.close()
        b.line("int mid = lo + (hi - lo) / 2;")
        b.line("%s(a, tmp, lo, mid);" % name)
        b.line("%s(a, tmp, mid, hi);" % name)
        b.line("int i = lo, j = mid, k = lo;")
        b.open("while (i < mid && j < hi)")
        b.open("if (a[i] <= a[j])")
        b.line("tmp[k++] = a[i++];")
        b.reopen("else")
        b.line("tmp[k++] = a[j++];")
        b.close()
        b.close()
        b.open("while (i < mid)")
        b.line("tmp[k++] = a[i++];")
        b.close()
        b.open("while (j < hi)")
        b.line("tmp[k++] = a[j++];")
        b.close()
        b.line("memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);")
        self.emit("void", name, "int *a, int *tmp, int lo, int hi", b, "sort_tmp")

    def sort_alloc(self):
        """sort_k(int *a, int lo, int hi): merge sort with its own buffer per call."""
        name = self.name("sort")
        b = Body()
        b.depth = 1
        b.open("if (hi - lo < 2)")
        b.line("return;")
        b.close()
        b.line("int mid = lo + (hi - lo) / 2;")
        b.line("%s(a, lo, mid);" % name)
        b.line("%s(a, mid, hi);" % name)
        b.line("int *buf = malloc((size_t)(hi - lo) * sizeof *buf);")
        b.open("if (buf == NULL)")
        b.line('fprintf(stderr, "%s: out of memory\\n");' % name)
        b.line("exit(1);")
        b.close()
        b.line("int i = lo, j = mid, k = 0;")
        b.open("while (i < mid || j < hi)")
        b.open("if (j >= hi || (i < mid && a[i] <= a[j]))")
        b.line("buf[k++] = a[i++];")
        b.reopen("else")
        b.line("buf[k++] = a[j++];")
        b.close()
        b.close()
        b.line("memcpy(a + lo, buf, (size_t)(hi - lo) * sizeof *buf);")
        b.line("free(buf);")
        self.emit("void", name, "int *a, int lo, int hi", b, "sort")

    def quicksort(self):
        name = self.name("qsort")
        b = Body()
        b.depth = 1
        b.open("if (hi - lo < 2)")
        b.line("return;")
        b.close()
        b.line("int pivot = a[lo + (hi - lo) / 2];")
        b.line("int i = lo, j = hi - 1;")
        b.open("while (i <= j)")
        b.open("while (a[i] < pivot)")
        b.line("i++;")
        b.close()
        b.open("while (a[j] > pivot)")
        b.line("j--;")
        b.close()
        b.open("if (i <= j)")
        b.line("int t = a[i];")
        b.line("a[i] = a[j];")
        b.line("a[j] = t;")
        b.line("i++;")
        b.line("j--;")
        b.close()
        b.close()
        b.line("%s(a, lo, j + 1);" % name)
        b.line("%s(a, i, hi);" % name)
        self.emit("void", name, "int *a, int lo, int hi", b, "qsort")

    def sum_range(self):
        r = self.r
        name = self.name("sum_range")
        cut = r.choice([16, 64, 256, 1024])
        b = Body()
        b.depth = 1
        b.open("if (hi - lo <= %d)" % cut)
        b.line("long s = 0;")
        b.open("for (int i = lo; i < hi; i++)")
        b.line(r.choice(["s += a[i];", "s += (long)a[i] * a[i];", "s += a[i] > 0 ? a[i] : -a[i];"]))
        b.close()
        b.line("return s;")
        b.close()
        b.line("int mid = lo + (hi - lo) / 2;")
        b.line("long left = %s(a, lo, mid);" % name)
        b.line("long right = %s(a, mid, hi);" % name)
        b.line("return left + right;" if r.random() < 0.7 else "return left > right ? left : right;")
        self.emit("long", name, "const int *a, int lo, int hi", b, "sum_range")

    def dot_range(self):
        r = self.r
        name = self.name("dot_range")
        b = Body()
        b.depth = 1
        b.open("if (hi - lo <= %d)" % r.choice([32, 128, 512]))
        b.line("double s = 0.0;")
        b.open("for (int i = lo; i < hi; i++)")
        b.line("s += x[i] * y[i];")
        b.close()
        b.line("return s;")
        b.close()
        b.line("int mid = lo + (hi - lo) / 2;")
        b.line("return %s(x, y, lo, mid) + %s(x, y, mid, hi);" % (name, name))
        self.emit("double", name, "const double *x, const double *y, int lo, int hi", b, "dot_range")

    def scale_range(self):
        r = self.r
        name = self.name("scale_range")
        b = Body()
        b.depth = 1
        b.open("if (hi - lo <= %d)" % r.choice([32, 128, 512]))
        b.open("for (int i = lo; i < hi; i++)")
        b.line(r.choice(["a[i] *= f;", "a[i] = a[i] * f + %s;" % self.dconst(), "a[i] = sqrt(fabs(a[i])) * f;"]))
        b.close()
        b.line("return;")
        b.close()
        b.line("int mid = lo + (hi - lo) / 2;")
        b.line("%s(a, lo, mid, f);" % name)
        b.line("%s(a, mid, hi, f);" % name)
        self.emit("void", name, "double *a, int lo, int hi, double f", b, "scale_range")

    # ---- strings ----------------------------------------------------------------

    def text(self):
        r = self.r
        name = self.name("text")
        b = Body()
        b.depth = 1
        b.line("char buf[%d];" % r.choice([64, 128, 256]))
        b.line("int count = 0;")
        b.line('snprintf(buf, sizeof buf, "%s-%%d-%%s", seed, label);' % name)
        b.line("size_t len = strlen(buf);")
        b.open("for (size_t i = 0; i < len; i++)")
        b.open("if (buf[i] == '%s' || buf[i] == '-')" % r.choice("aeiou"))
        b.line("count++;")
        b.close()
        b.close()
        if r.random() < 0.5:
            b.open("if (strncmp(buf, label, %d) == 0)" % r.randint(2, 6))
            b.line("count += %d;" % r.randint(1, 9))
            b.close()
        b.line("return count + (int)len;")
        self.emit("int", name, "int seed, const char *label", b, "text")

    # ---- linked lists ---------------------------------------------------------

    def list_func(self):
        r = self.r
        t = r.randrange(N_LIST_TYPES)
        roles = self.list_fn[t]
        f = self.list_fields[t]
        T = "struct node_%d" % t
        if "build" not in roles:
            role = "build"
        elif "free" not in roles:
            role = "free"
        else:
            role = r.choice(["sum", "count", "reverse", "find", "insert_sorted", "sum", "filter"])
        name = self.name("list_%s" % role)
        b = Body()
        b.depth = 1
        if role == "build":
            b.line("%s *head = NULL;" % T)
            b.line("unsigned s = (unsigned)seed;")
            b.open("for (int i = 0; i < n; i++)")
            b.line("%s *p = malloc(sizeof *p);" % T)
            b.open("if (p == NULL)")
            b.line('fprintf(stderr, "%s: out of memory\\n");' % name)
            b.line("exit(1);")
            b.close()
            b.line("s = s * 1103515245u + 12345u;")
            b.line("p->key = (int)((s >> 16) %% %du);" % r.choice([100, 1000, 10000]))
            b.line("p->weight = p->key * %s;" % self.dconst())
            if f["tag"]:
                b.line('snprintf(p->tag, sizeof p->tag, "n%d", i);')
            if f["stamp"]:
                b.line("p->stamp = (long)i * %d;" % r.randint(2, 99))
            if f["prev"]:
                b.line("p->prev = NULL;")
                b.open("if (head != NULL)")
                b.line("head->prev = p;")
                b.close()
            b.line("p->next = head;")
            b.line("head = p;")
            b.close()
            b.line("return head;")
            self.emit(T + " *", name, "int n, int seed", b)
        elif role == "free":
            b.open("while (head != NULL)")
            b.line("%s *next = head->next;" % T)
            b.line("free(head);")
            b.line("head = next;")
            b.close()
            self.emit("void", name, T + " *head", b)
        elif role == "sum":
            b.line("double s = 0.0;")
            b.line("int n = 0;")
            b.open("for (const %s *p = head; p != NULL; p = p->next)" % T)
            b.open("if (p->key %% %d == 0)" % r.randint(2, 7))
            b.line("s += p->weight;")
            b.reopen("else")
            b.line("s -= p->weight * %s;" % self.dconst())
            b.close()
            if f["stamp"]:
                b.line("s += p->stamp * 0.001;")
            b.line("n++;")
            b.close()
            b.line("return n > 0 ? s / n : 0.0;")
            self.emit("double", name, "const %s *head" % T, b)
        elif role == "count":
            b.line("int n = 0;")
            b.line("const %s *p = head;" % T)
            b.open("while (p != NULL)")
            b.open("if (p->key >= lo && p->key < hi)")
            b.line("n++;")
            b.close()
            b.line("p = p->next;")
            b.close()
            b.line("return n;")
            self.emit("int", name, "const %s *head, int lo, int hi" % T, b)
        elif role == "reverse":
            b.line("%s *prev = NULL;" % T)
            b.open("while (head != NULL)")
            b.line("%s *next = head->next;" % T)
            b.line("head->next = prev;")
            if f["prev"]:
                b.line("head->prev = next;")
            b.line("prev = head;")
            b.line("head = next;")
            b.close()
            b.line("return prev;")
            self.emit(T + " *", name, T + " *head", b)
        elif role == "find":
            b.open("for (%s *p = head; p != NULL; p = p->next)" % T)
            b.open("if (p->key == key)")
            b.line("return p;")
            b.close()
            b.close()
            b.line("return NULL;")
            self.emit(T + " *", name, "%s *head, int key" % T, b)
        elif role == "insert_sorted":
            b.line("%s *p = malloc(sizeof *p);" % T)
            b.open("if (p == NULL)")
            b.line("return head;")
            b.close()
            b.line("memset(p, 0, sizeof *p);")
            b.line("p->key = key;")
            b.line("p->weight = key * %s;" % self.dconst())
            b.open("if (head == NULL || head->key >= key)")
            b.line("p->next = head;")
            b.line("return p;")
            b.close()
            b.line("%s *q = head;" % T)
            b.open("while (q->next != NULL && q->next->key < key)")
            b.line("q = q->next;")
            b.close()
            b.line("p->next = q->next;")
            b.line("q->next = p;")
            b.line("return head;")
            self.emit(T + " *", name, "%s *head, int key" % T, b)
        else:  # filter: unlink and free the nodes whose key is below a limit
            b.line("%s **link = &head;" % T)
            b.open("while (*link != NULL)")
            b.line("%s *p = *link;" % T)
            b.open("if (p->key < limit)")
            b.line("*link = p->next;")
            b.line("free(p);")
            b.reopen("else")
            b.line("link = &p->next;")
            b.close()
            b.close()
            b.line("return head;")
            self.emit(T + " *", name, "%s *head, int limit" % T, b)
        roles.setdefault(role, []).append(name)

    # ---- binary trees ---------------------------------------------------------

    def tree_func(self):
        r = self.r
        t = r.randrange(N_TREE_TYPES)
        roles = self.tree_fn[t]
        f = self.tree_fields[t]
        T = "struct tree_%d" % t
        if "insert" not in roles:
            role = "insert"
        elif "free" not in roles:
            role = "free"
        else:
            role = r.choice(["sum", "depth", "count_range", "sum", "min", "scale"])
        name = self.name("tree_%s" % role)
        b = Body()
        b.depth = 1
        if role == "insert":
            b.open("if (t == NULL)")
            b.line("t = malloc(sizeof *t);")
            b.open("if (t == NULL)")
            b.line('fprintf(stderr, "%s: out of memory\\n");' % name)
            b.line("exit(1);")
            b.close()
            b.line("t->key = key;")
            b.line("t->count = 1;")
            if f["value"]:
                b.line("t->value = sqrt((double)(key > 0 ? key : -key));")
            if f["parent"]:
                b.line("t->parent = NULL;")
            b.line("t->left = t->right = NULL;")
            b.line("return t;")
            b.close()
            b.open("if (key < t->key)")
            b.line("t->left = %s(t->left, key);" % name)
            if f["parent"]:
                b.line("t->left->parent = t;")
            b.reopen("else if (key > t->key)")
            b.line("t->right = %s(t->right, key);" % name)
            if f["parent"]:
                b.line("t->right->parent = t;")
            b.reopen("else")
            b.line("t->count++;")
            b.close()
            b.line("return t;")
            self.emit(T + " *", name, "%s *t, int key" % T, b)
        elif role == "free":
            b.open("if (t == NULL)")
            b.line("return;")
            b.close()
            b.line("%s(t->left);" % name)
            b.line("%s(t->right);" % name)
            b.line("free(t);")
            self.emit("void", name, T + " *t", b)
        elif role == "sum":
            b.open("if (t == NULL)")
            b.line("return 0;")
            b.close()
            b.line("long left = %s(t->left);" % name)
            b.line("long right = %s(t->right);" % name)
            b.line("return (long)t->key * t->count + left + right;")
            self.emit("long", name, "const %s *t" % T, b)
        elif role == "depth":
            b.open("if (t == NULL)")
            b.line("return 0;")
            b.close()
            b.line("int l = %s(t->left);" % name)
            b.line("int r = %s(t->right);" % name)
            b.line("return 1 + (l > r ? l : r);")
            self.emit("int", name, "const %s *t" % T, b)
        elif role == "count_range":
            b.open("if (t == NULL)")
            b.line("return 0;")
            b.close()
            b.line("int n = t->key >= lo && t->key < hi ? 1 : 0;")
            b.open("if (t->key > lo)")
            b.line("n += %s(t->left, lo, hi);" % name)
            b.close()
            b.open("if (t->key < hi)")
            b.line("n += %s(t->right, lo, hi);" % name)
            b.close()
            b.line("return n;")
            self.emit("int", name, "const %s *t, int lo, int hi" % T, b)
        elif role == "min":
            b.open("if (t == NULL)")
            b.line("return -1;")
            b.close()
            b.open("while (t->left != NULL)")
            b.line("t = t->left;")
            b.close()
            b.line("return t->key;")
            self.emit("int", name, "const %s *t" % T, b)
        else:  # scale: an iterative walk with an explicit stack
            b.line("%s *stack[64];" % T)
            b.line("int top = 0;")
            b.open("if (t != NULL)")
            b.line("stack[top++] = t;")
            b.close()
            b.open("while (top > 0)")
            b.line("%s *p = stack[--top];" % T)
            b.line("p->count = p->count * %d + 1;" % r.randint(2, 5))
            if f["value"]:
                b.line("p->value *= %s;" % self.dconst())
            b.open("if (p->left != NULL && top < 64)")
            b.line("stack[top++] = p->left;")
            b.close()
            b.open("if (p->right != NULL && top < 64)")
            b.line("stack[top++] = p->right;")
            b.close()
            b.close()
            self.emit("void", name, T + " *t", b)
        roles.setdefault(role, []).append(name)

    def vec_sum(self):
        r = self.r
        t = r.randrange(N_VEC_TYPES)
        name = self.name("vec_sum")
        b = Body()
        b.depth = 1
        b.line("double s = 0.0;")
        b.open("for (int i = 0; i < count; i++)")
        b.line("const struct vec_%d *v = &vs[i];" % t)
        b.open("for (int j = 0; j < v->len; j++)")
        b.line("s += v->data[j] * %s;" % self.dconst())
        b.close()
        if self.vec_fields[t]:
            b.open("if (v->label != NULL)")
            b.line("s += (double)strlen(v->label);")
            b.close()
        b.close()
        b.line("return s;")
        self.emit("double", name, "const struct vec_%d *vs, int count" % t, b, "vec_sum")
        self.vec_sum_type = getattr(self, "vec_sum_type", {})
        self.vec_sum_type[name] = t

    # ---- drivers: allocate, fill, call the others ----------------------------

    def run(self):
        r = self.r
        name = self.name("run")
        b = Body()
        b.depth = 1
        b.line("double *a = malloc((size_t)n * sizeof *a);")
        b.line("double *x = malloc((size_t)n * sizeof *x);")
        b.line("int *v = malloc((size_t)n * sizeof *v);")
        b.line("int *tmp = malloc((size_t)n * sizeof *tmp);")
        b.line("double total = 0.0;")
        b.open("if (a == NULL || x == NULL || v == NULL || tmp == NULL)")
        b.line('fprintf(stderr, "%s: out of memory\\n");' % name)
        b.line("exit(1);")
        b.close()
        b.open("for (int i = 0; i < n; i++)")
        b.line("a[i] = (double)(i %% %d) * %s;" % (r.randint(7, 101), self.dconst()))
        b.line("x[i] = g_coef[i & 7] + i * %s;" % self.dconst())
        b.line("v[i] = (i * %d + %d) %% %d;" % (r.choice([7919, 104729, 31, 65537]), r.randint(1, 999),
                                               r.choice([1000, 4096, 100003])))
        b.line("tmp[i] = v[i] ^ i;")
        b.close()
        steps = ["kern_d", "kern_d", "kern_i", "stats", "sort_tmp", "sort", "qsort", "sum_range",
                 "dot_range", "scale_range", "list", "tree", "text", "mat", "vec", "memcpy"]
        for step in r.sample(steps, r.randint(5, 9)):
            if step in ("kern_d", "stats", "kern_i", "sum_range", "dot_range", "scale_range",
                        "sort_tmp", "sort", "qsort", "text"):
                f = self.pick(step)
                if f is None:
                    continue
                call = {"kern_d": "total += %s(a, x, n);",
                        "kern_i": "total += (double)%s(v, tmp, n);",
                        "stats": "total += %s(x, n);",
                        "sum_range": "total += (double)%s(v, 0, n);",
                        "dot_range": "total += %s(a, x, 0, n);",
                        "scale_range": "%%s(a, 0, n, %s);" % self.dconst(),
                        "sort_tmp": "%s(v, tmp, 0, n);",
                        "sort": "%s(v, 0, n);",
                        "qsort": "%s(v, 0, n);",
                        "text": 'total += %%s(n, "%s");' % name}[step] % f
                b.line(call)
            elif step == "list":
                ts = [t for t in self.list_fn if "build" in self.list_fn[t] and "free" in self.list_fn[t]]
                if not ts:
                    continue
                t = r.choice(ts)
                roles = self.list_fn[t]
                T = "struct node_%d" % t
                b.bare()
                b.line("%s *head = %s(n / %d, %d);" % (T, r.choice(roles["build"]), r.randint(2, 8),
                                                       r.randint(1, 99)))
                for role in r.sample([k for k in roles if k not in ("build", "free")],
                                     min(3, len(roles) - 2)):
                    g = r.choice(roles[role])
                    line = {"sum": "total += %s(head);",
                            "count": "total += %%s(head, %d, %d);" % (r.randint(0, 50), r.randint(60, 999)),
                            "reverse": "head = %s(head);",
                            "find": "total += %%s(head, %d) != NULL ? 1.0 : 0.0;" % r.randint(0, 999),
                            "insert_sorted": "head = %%s(head, %d);" % r.randint(0, 999),
                            "filter": "head = %%s(head, %d);" % r.randint(0, 100)}[role] % g
                    b.line(line)
                b.line("%s(head);" % r.choice(roles["free"]))
                b.close()
            elif step == "tree":
                ts = [t for t in self.tree_fn if "insert" in self.tree_fn[t] and "free" in self.tree_fn[t]]
                if not ts:
                    continue
                t = r.choice(ts)
                roles = self.tree_fn[t]
                b.bare()
                b.line("struct tree_%d *root = NULL;" % t)
                b.open("for (int i = 0; i < n; i += %d)" % r.randint(1, 5))
                b.line("root = %s(root, v[i]);" % r.choice(roles["insert"]))
                b.close()
                for role in r.sample([k for k in roles if k not in ("insert", "free")],
                                     min(3, len(roles) - 2)):
                    g = r.choice(roles[role])
                    line = {"sum": "total += (double)%s(root);",
                            "depth": "total += %s(root);",
                            "count_range": "total += %%s(root, %d, %d);" % (r.randint(0, 100),
                                                                           r.randint(200, 999)),
                            "min": "total += %s(root);",
                            "scale": "%s(root);"}[role] % g
                    b.line(line)
                b.line("%s(root);" % r.choice(roles["free"]))
                b.close()
            elif step == "mat":
                f = self.pick("mat")
                if f is None:
                    continue
                d = r.choice([4, 8, 16])
                b.open("if (n >= %d)" % (d * d))
                b.line("%s(a, x, x, %d, %d, %d);" % (f, d, d, d))
                b.line("total += a[0] + a[%d];" % (d * d - 1))
                b.close()
            elif step == "vec":
                f = self.pick("vec_sum")
                if f is None:
                    continue
                t = self.vec_sum_type[f]
                b.bare()
                b.line("struct vec_%d vs[2];" % t)
                b.line("memset(vs, 0, sizeof vs);")
                b.line("vs[0].data = a;")
                b.line("vs[0].len = n / 2;")
                b.line("vs[1].data = x;")
                b.line("vs[1].len = n;")
                b.line("total += %s(vs, 2);" % f)
                b.close()
            else:
                g = self.gbuf()
                b.line("memcpy(%s, a, (size_t)MIN(n, N_BUF) * sizeof *a);" % g)
                b.line("total += %s[0];" % g)
        b.line("g_total += total;")
        if r.random() < 0.5:
            b.line('printf("%s: %%.6f\\n", total);' % name)
        b.line("free(a);")
        b.line("free(x);")
        b.line("free(v);")
        b.line("free(tmp);")
        b.line("return total;")
        self.emit("double", name, "int n", b, "run")

    def phase(self):
        r = self.r
        fresh = [f for f in self.fn["run"] if f not in self.called]
        if len(fresh) < 3:
            return False
        name = self.name("phase")
        b = Body()
        b.depth = 1
        b.line("double sum = 0.0;")
        b.line("double best = -1e300;")
        for f in fresh[:r.randint(3, 8)]:
            self.called.add(f)
            b.line("double r_%s = %s(n);" % (f, f))
            b.line("sum += r_%s;" % f)
            b.open("if (r_%s > best)" % f)
            b.line("best = r_%s;" % f)
            b.close()
        b.line('printf("%s: sum %%.6f best %%.6f\\n", sum, best);' % name)
        b.line("return sum;")
        self.emit("double", name, "int n", b, "phase")
        return True

    def main(self):
        b = Body()
        b.depth = 1
        b.line("int n = argc > 1 ? atoi(argv[1]) : 4096;")
        b.line("double total = 0.0;")
        b.open("if (n < 256)")
        b.line("n = 256;")
        b.close()
        for f in self.fn["phase"] + [f for f in self.fn["run"] if f not in self.called]:
            b.line("total += %s(n);" % f)
        b.line('printf("total %.6f (globals %.6f)\\n", total, g_total);')
        b.line("return 0;")
        self.emit("int", "main", "int argc, char **argv", b)

    def generate(self, lines):
        self.head()
        makers = [(self.kern_d, 16), (self.kern_i, 9), (self.classify, 6), (self.stats, 4),
                  (self.mat, 2), (self.sort_tmp, 2), (self.sort_alloc, 2), (self.quicksort, 2),
                  (self.sum_range, 2), (self.dot_range, 1), (self.scale_range, 1), (self.text, 2),
                  (self.list_func, 6), (self.tree_func, 6), (self.vec_sum, 1), (self.run, 11)]
        funcs = [f for f, _ in makers]
        weights = [w for _, w in makers]
        # Helpers first, so the first drivers have something to call.
        for f in funcs[:-1]:
            f()
        # main holds one line per phase and leftover driver; keep room for it.
        while len(self.lines) < lines - 12 - len(self.fn["run"]) // 4:
            if self.r.random() < 0.06 and self.phase():
                continue
            self.r.choices(funcs, weights)[0]()
        self.main()
        return "\n".join(self.lines) + "\n"


# ---- measuring ----------------------------------------------------------------

def measure(cmd, what):
    """Runs cmd; returns (wall seconds, peak RSS in KiB). Exits on failure."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        elapsed = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)   # reaped: keep Popen from waiting
        if p.returncode != 0:
            err.seek(0)
            text = err.read().decode(errors="replace")
            tail = "\n".join(text.splitlines()[-40:])
            sys.exit("bench-analyze: %s failed (%s): %s\n%s" % (
                what, "signal %d" % -p.returncode if p.returncode < 0 else "status %d" % p.returncode,
                " ".join(shlex.quote(c) for c in cmd), tail))
    return elapsed, usage.ru_maxrss


def torture_bench(args, cleave, clang):
    """The same comparison over the GCC torture suite, a process per file:
    every file of scripts/torture.py that clang accepts with -std=gnu89, both
    tools run on it in turn; per run, the sum of the wall times and the
    largest peak memory."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import torture
    files = torture.extract(os.path.join(os.path.abspath(args.build), "torture"))
    accepted = [f for f in files
                if subprocess.run([clang, "-fsyntax-only"] + torture.FLAGS + [f],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0]
    print("input: the GCC torture suite, %d files, %d accepted by clang -std=gnu89"
          % (len(files), len(accepted)))
    commands = {
        "clang": lambda f: [clang, "-fsyntax-only"] + torture.FLAGS + [f],
        "cleave": lambda f: [cleave, "analyze", "--json", f, "--"] + torture.FLAGS,
    }
    totals = {what: [] for what in commands}
    for i in range(args.runs):
        for what, cmd in commands.items():
            runs = [measure(cmd(f), what) for f in accepted]
            totals[what].append((sum(s for s, _ in runs), max(k for _, k in runs)))
            print("  run %d %-7s %8.3f s %9.1f MiB" % (i + 1, what, totals[what][-1][0],
                                                     totals[what][-1][1] / 1024))
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="cleave's build folder (binary at BUILD/bin/cleave)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each command")
    ap.add_argument("--lines", type=int, default=100000, help="lines of the generated program")
    ap.add_argument("--seed", type=int, default=1, help="seed of the generator")
    ap.add_argument("--clang", default="clang-19", help="the clang to compare with")
    ap.add_argument("--keep", metavar="FILE", help="also write the generated program to FILE")
    ap.add_argument("--torture", action="store_true",
                    help="compare over the GCC torture suite, a process per file, instead")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    if args.runs < 1:
        sys.exit("bench-analyze: --runs must be at least 1")

    cleave = os.path.join(os.path.abspath(args.build), "bin", "cleave")
    if not os.access(cleave, os.X_OK):
        sys.exit("bench-analyze: no cleave binary at %s (build it with `make build`)" % cleave)
    clang = shutil.which(args.clang)
    if clang is None:
        sys.exit("bench-analyze: %s not found" % args.clang)

    if args.torture:
        results = torture_bench(args, cleave, clang)
    else:
        results = generated_bench(args, cleave, clang)
    return summarize(args, results)


def generated_bench(args, cleave, clang):
    """The comparison over one generated program; returns the runs by command."""
    gen = Generator(args.seed)
    program = gen.generate(args.lines)
    nlines = program.count("\n")
    work = tempfile.mkdtemp(prefix="bench-analyze-")
    try:
        source = os.path.join(work, "big.c")
        with open(source, "w") as f:
            f.write(program)
        if args.keep:
            shutil.copyfile(source, args.keep)

        check = subprocess.run([clang, "-fsyntax-only", "-std=gnu99", "-Wall", source],
                               capture_output=True, text=True)
        if check.returncode != 0:
            sys.exit("bench-analyze: the generated program does not compile (seed %d):\n%s"
                     % (args.seed, "\n".join(check.stderr.splitlines()[:40])))
        warnings = check.stderr.count(": warning:")

        commands = {
            "clang": [clang, "-fsyntax-only", "-std=gnu99", source],
            "cleave": [cleave, "analyze", "--json", source, "--", "-std=gnu99"],
            # Not held to the limits: the graphs grow with the square of a
            # function's statements that touch memory.
            "graphs": [cleave, "analyze", "--json", "--graphs", source, "--", "-std=gnu99"],
        }
        print("input: %d lines, %d functions, %d bytes (seed %d); clang -Wall: 0 errors, %d warnings"
              % (nlines, gen.count, len(program), args.seed, warnings))
        for what, cmd in commands.items():
            print("  %-7s %s" % (what + ":", " ".join(shlex.quote(c) for c in cmd)))
        for what, cmd in commands.items():   # untimed: warms the caches, checks success
            measure(cmd, what)
        results = {what: [] for what in commands}
        for i in range(args.runs):
            for what, cmd in commands.items():
                seconds, kib = measure(cmd, what)
                results[what].append((seconds, kib))
                print("  run %d %-7s %8.3f s %9.1f MiB" % (i + 1, what, seconds, kib / 1024))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results


def summarize(args, results):
    """Prints the medians and the ratios; returns 1 when over the limits."""
    med = {what: (statistics.median(s for s, _ in rs), statistics.median(k for _, k in rs) / 1024)
           for what, rs in results.items()}
    time_ratio = med["cleave"][0] / med["clang"][0]
    mem_ratio = med["cleave"][1] / med["clang"][1]
    print("\n%-40s %10s %14s" % ("median of %d run%s" % (args.runs, "" if args.runs == 1 else "s"),
                                 "time (s)", "peak RSS (MiB)"))
    print("%-40s %10.3f %14.1f" % ("clang-19 -fsyntax-only", med["clang"][0], med["clang"][1]))
    print("%-40s %10.3f %14.1f" % ("cleave analyze --json", med["cleave"][0], med["cleave"][1]))
    if "graphs" in med:
        print("%-40s %10.3f %14.1f" % ("cleave analyze --json --graphs", med["graphs"][0],
                                       med["graphs"][1]))
    print("%-40s %9.2fx %13.2fx" % ("cleave / clang", time_ratio, mem_ratio))
    if "graphs" in med:
        print("%-40s %9.2fx %13.2fx" % ("cleave --graphs / clang", med["graphs"][0] / med["clang"][0],
                                          med["graphs"][1] / med["clang"][1]))
    print("%-40s %9.2fx %13.2fx" % ("limit", 1.5, 2.0))
    ok = time_ratio <= 1.5 and mem_ratio <= 2.0
    print("\n%s: time %.2fx (limit 1.5x), memory %.2fx (limit 2x)"
          % ("within the limits" if ok else "OVER THE LIMIT", time_ratio, mem_ratio))
    print("reproduce: python3 scripts/bench-analyze.py --build %s --runs %d %s%s"
          % (shlex.quote(args.build), args.runs,
             "--torture" if args.torture else "--lines %d --seed %d" % (args.lines, args.seed),
             "" if args.clang == "clang-19" else " --clang " + shlex.quote(args.clang)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
