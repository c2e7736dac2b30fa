/* OpenMP reference version of examples/sparselu/sparselu.c: same
   arguments, same output. Build: gcc -O2 -fopenmp sparselu.c

   As the BOTS omp-tasks version: in each step, a task per fwd and bdiv
   block, a wait, then a task per bmod block (fill-in allocated by the
   thread that makes the tasks), and a wait. */
#include <stdio.h>
#include <stdlib.h>

int NB, BS;

static float *allocate_clean_block(void)
{
    float *p = malloc(BS * BS * sizeof(float));
    if (!p) {
        fprintf(stderr, "sparselu: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            p[i * BS + j] = 0.0f;
    return p;
}

static void genmat(float **M)
{
    int init_val = 1325;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++) {
            int null_entry = 0;
            if ((ii < jj) && (ii % 3 != 0)) null_entry = 1;
            if ((ii > jj) && (jj % 3 != 0)) null_entry = 1;
            if (ii % 2 == 1) null_entry = 1;
            if (jj % 2 == 1) null_entry = 1;
            if (ii == jj) null_entry = 0;
            if (ii == jj - 1) null_entry = 0;
            if (ii - 1 == jj) null_entry = 0;
            if (null_entry == 0) {
                float *p = M[ii * NB + jj] = malloc(BS * BS * sizeof(float));
                if (!p) {
                    fprintf(stderr, "sparselu: out of memory\n");
                    exit(1);
                }
                for (int i = 0; i < BS; i++)
                    for (int j = 0; j < BS; j++) {
                        init_val = (3125 * init_val) % 65536;
                        p[i * BS + j] = (float)((init_val - 32768.0) / 16384.0);
                        if (ii == jj && i == j)
                            p[i * BS + j] += (float)(2 * NB * BS);
                    }
            } else
                M[ii * NB + jj] = NULL;
        }
}

static void lu0(float *diag)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            diag[i * BS + k] = diag[i * BS + k] / diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                diag[i * BS + j] = diag[i * BS + j] - diag[i * BS + k] * diag[k * BS + j];
        }
}

static void bdiv(float *diag, float *row)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            row[i * BS + k] = row[i * BS + k] / diag[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                row[i * BS + j] = row[i * BS + j] - row[i * BS + k] * diag[k * BS + j];
        }
}

static void bmod(float *row, float *col, float *inner)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            for (int k = 0; k < BS; k++)
                inner[i * BS + j] = inner[i * BS + j] - row[i * BS + k] * col[k * BS + j];
}

static void fwd(float *diag, float *col)
{
    for (int j = 0; j < BS; j++)
        for (int k = 0; k < BS; k++)
            for (int i = k + 1; i < BS; i++)
                col[i * BS + j] = col[i * BS + j] - diag[i * BS + k] * col[k * BS + j];
}

static void sparselu(float **BENCH)
{
    int ii, jj, kk;
#pragma omp parallel private(kk)
#pragma omp single
    for (kk = 0; kk < NB; kk++) {
        lu0(BENCH[kk * NB + kk]);
        for (jj = kk + 1; jj < NB; jj++)
            if (BENCH[kk * NB + jj] != NULL) {
#pragma omp task firstprivate(kk, jj) shared(BENCH)
                fwd(BENCH[kk * NB + kk], BENCH[kk * NB + jj]);
            }
        for (ii = kk + 1; ii < NB; ii++)
            if (BENCH[ii * NB + kk] != NULL) {
#pragma omp task firstprivate(kk, ii) shared(BENCH)
                bdiv(BENCH[kk * NB + kk], BENCH[ii * NB + kk]);
            }
#pragma omp taskwait
        for (ii = kk + 1; ii < NB; ii++)
            if (BENCH[ii * NB + kk] != NULL)
                for (jj = kk + 1; jj < NB; jj++)
                    if (BENCH[kk * NB + jj] != NULL) {
                        if (BENCH[ii * NB + jj] == NULL)
                            BENCH[ii * NB + jj] = allocate_clean_block();
#pragma omp task firstprivate(kk, jj, ii) shared(BENCH)
                        bmod(BENCH[ii * NB + kk], BENCH[kk * NB + jj], BENCH[ii * NB + jj]);
                    }
#pragma omp taskwait
    }
}

int main(int argc, char **argv)
{
    NB = argc > 1 ? atoi(argv[1]) : 40;
    BS = argc > 2 ? atoi(argv[2]) : 48;
    if (NB < 1 || BS < 1) {
        fprintf(stderr, "usage: sparselu [NB [BS]], both at least 1\n");
        return 1;
    }
    float **M = malloc(NB * NB * sizeof *M);
    if (!M) {
        fprintf(stderr, "sparselu: out of memory\n");
        return 1;
    }
    genmat(M);
    sparselu(M);
    double off = 0.0, diag = 0.0;
    int blocks = 0;
    for (int ii = 0; ii < NB; ii++)
        for (int jj = 0; jj < NB; jj++)
            if (M[ii * NB + jj]) {
                blocks++;
                for (int i = 0; i < BS; i++)
                    for (int j = 0; j < BS; j++)
                        if (ii != jj || i != j)
                            off += M[ii * NB + jj][i * BS + j] * (1 + (i + 2 * j) % 7);
                        else
                            diag += M[ii * NB + jj][i * BS + j];
            }
    printf("%d x %d blocks of %d x %d: %d nonzero blocks\n", NB, NB, BS, BS, blocks);
    printf("weighted sum off the diagonal %.6e, trace %.6e\n", off, diag);
    for (int ii = 0; ii < NB * NB; ii++)
        free(M[ii]);
    free(M);
    return 0;
}
