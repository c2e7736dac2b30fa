/* Sorts N pseudo-random ints with the merge sort of programming tutorials
   and prints the smallest, median and largest value, a checksum of the
   sorted array and whether it is sorted.

   usage: globalsort [N [SEED]]   (defaults: N = 1000000, SEED = 1)

   Written as a tutorial has it: the array and its scratch space are global
   pointers that main sets with malloc, and the functions take only indices,
   mergeSort(left, right) with both ends inclusive; merge copies the two runs
   into the scratch space and back, and the recursion goes down to single
   elements. */
#include <stdio.h>
#include <stdlib.h>

int *arr;
int *temp;

void merge(int left, int mid, int right)
{
    int i = left;
    int j = mid + 1;
    int k = left;

    while (i <= mid && j <= right) {
        if (arr[i] <= arr[j])
            temp[k++] = arr[i++];
        else
            temp[k++] = arr[j++];
    }
    while (i <= mid)
        temp[k++] = arr[i++];
    while (j <= right)
        temp[k++] = arr[j++];
    for (k = left; k <= right; k++)
        arr[k] = temp[k];
}

void mergeSort(int left, int right)
{
    if (left < right) {
        int mid = left + (right - left) / 2;
        mergeSort(left, mid);
        mergeSort(mid + 1, right);
        merge(left, mid, right);
    }
}

static unsigned long long next_random(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state >> 33;
}

int main(int argc, char *argv[])
{
    int n = argc > 1 ? atoi(argv[1]) : 1000000;
    unsigned long long state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    int i, sorted = 1;
    unsigned long long sum = 0;

    if (n < 1) {
        fprintf(stderr, "usage: globalsort [N [SEED]] with N >= 1\n");
        return 1;
    }
    arr = malloc(n * sizeof(int));
    temp = malloc(n * sizeof(int));
    if (arr == NULL || temp == NULL) {
        fprintf(stderr, "globalsort: out of memory for %d ints\n", n);
        return 1;
    }
    for (i = 0; i < n; i++)
        arr[i] = (int)(next_random(&state) % 1000000000);

    mergeSort(0, n - 1);

    for (i = 0; i < n; i++) {
        if (i > 0 && arr[i - 1] > arr[i])
            sorted = 0;
        sum = sum * 1000003 + (unsigned long long)arr[i];
    }
    printf("min %d median %d max %d\n", arr[0], arr[n / 2], arr[n - 1]);
    printf("checksum %llu\n", sum);
    printf("sorted: %s\n", sorted ? "yes" : "no");
    free(arr);
    free(temp);
    return 0;
}
