/* Sorts N pseudo-random 20-bit numbers with a radix exchange sort (a binary
   quicksort on the bits of the keys, highest bit first) and prints the
   smallest, middle and largest key in decimal, octal and hex, a checksum, and
   whether the keys came out in order.

   usage: kr-style [N [SEED]]   (defaults: N = 50000, SEED = 1;
                                 1 <= N <= 10000000)

   Written in the style of pre-ANSI C: function definitions with K&R parameter
   lists, declarations without prototypes, `register', variables declared at
   the top of their block, block comments only. Build it as C89 with GNU
   extensions:  cc -std=gnu89 -Wall kr-style.c

   The sort splits a[lo:hi] by one bit into keys with the bit clear, moved to
   the front, and keys with it set, then sorts the two parts on the next bit:
   two disjoint ranges, since split returns lo <= mid <= hi. */
#include <stdio.h>
#include <stdlib.h>

#define KEYBITS 20

static int split();
static void putnum();

static unsigned long seed_state;

/* xorshift32: a fixed, portable stream of pseudo-random numbers (kept in 32
   bits, whatever the width of long). */
static unsigned long next_random()
{
    unsigned long x;

    x = seed_state;
    x ^= (x << 13) & 0xffffffffUL;
    x ^= x >> 17;
    x ^= (x << 5) & 0xffffffffUL;
    seed_state = x;
    return x;
}

/* Moves the keys of a[lo:hi] whose bit `bit' is clear in front of those
   whose bit is set; returns the index of the first key with the bit set. */
static int split(a, lo, hi, bit)
unsigned *a;
int lo, hi, bit;
{
    register int i, j;
    unsigned t;

    i = lo;
    j = hi - 1;
    for (;;) {
        while (i <= j && !(a[i] >> bit & 1))
            i++;
        while (i <= j && (a[j] >> bit & 1))
            j--;
        if (i > j)
            break;
        t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    return i;
}

/* Sorts a[lo:hi] by the bits bit, bit - 1, ..., 0 of its keys. */
void rsort(a, lo, hi, bit)
unsigned *a;
int lo, hi, bit;
{
    if (hi - lo > 1 && bit >= 0) {
        int mid = split(a, lo, hi, bit);

        rsort(a, lo, mid, bit - 1);
        rsort(a, mid, hi, bit - 1);
    }
}

/* Prints n in the given base (2 to 16), most significant digit first. */
static void putnum(n, base)
unsigned long n;
int base;
{
    if (n >= (unsigned long)base)
        putnum(n / base, base);
    putchar("0123456789abcdef"[n % base]);
}

static void show(label, n)
char *label;
unsigned long n;
{
    printf("%-8s", label);
    putnum(n, 10);
    printf("  0");
    putnum(n, 8);
    printf("  0x");
    putnum(n, 16);
    putchar('\n');
}

int main(argc, argv)
int argc;
char **argv;
{
    long n, i;
    unsigned *a;
    unsigned long checksum;
    int sorted;

    n = argc > 1 ? atol(argv[1]) : 50000;
    seed_state = argc > 2 ? strtoul(argv[2], (char **)0, 10) & 0xffffffffUL : 1;
    if (n < 1 || n > 10000000 || seed_state == 0) {
        fprintf(stderr, "usage: kr-style [N [SEED]] with 1 <= N <= 10000000 and SEED > 0\n");
        return 2;
    }
    a = (unsigned *)malloc(n * sizeof(unsigned));
    if (a == 0) {
        fprintf(stderr, "kr-style: out of memory\n");
        return 1;
    }
    for (i = 0; i < n; i++)
        a[i] = (unsigned)(next_random() & ((1UL << KEYBITS) - 1));

    rsort(a, 0, (int)n, KEYBITS - 1);

    checksum = 0;
    sorted = 1;
    for (i = 0; i < n; i++) {
        checksum = (checksum * 31 + a[i]) % 1000003UL;
        if (i > 0 && a[i - 1] > a[i])
            sorted = 0;
    }
    printf("%ld keys of %d bits\n", n, KEYBITS);
    show("first", (unsigned long)a[0]);
    show("middle", (unsigned long)a[n / 2]);
    show("last", (unsigned long)a[n - 1]);
    printf("checksum %lu, %s\n", checksum, sorted ? "in order" : "NOT in order");
    free(a);
    return 0;
}
