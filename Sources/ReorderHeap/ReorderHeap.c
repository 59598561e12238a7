// Heap tuning for large batches, and worker threads placed on another
// processor; see ReorderHeap.h.
//
// Fresh memory costs a page fault per 4 KiB page on first touch, and a
// batch of a hundred thousand operations touches a dozen megabytes of new
// arrays on the thread that reads and plans it: on a virtual machine, about
// half a millisecond per megabyte. glibc can advise its heap to use huge
// pages (the glibc.malloc.hugetlb=1 tunable), but only when told so in the
// environment before the program starts; this does the same from inside,
// for one run known to be large.
#define _GNU_SOURCE
#include "ReorderHeap.h"
#include <pthread.h>
#include <sched.h>

// Any C library header says which C library this is.
#include <stdint.h>
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdatomic.h>
#include <sys/mman.h>

int reorder_heap_prefer_huge_pages(size_t bytes) {
    // Once a process: a second call (a batch's script, then a large
    // document) would set aside its bytes again.
    static atomic_int prepared = 0;
    if (atomic_exchange(&prepared, 1)) return 1;
    // Allocations up to the largest threshold glibc allows (32 MiB on 64-bit
    // systems) come from the heap; freed memory at its top is kept.
    const size_t largest_threshold = (size_t)32 << 20;
    if (!mallopt(M_MMAP_THRESHOLD, (int)largest_threshold)) return 0;
    if (!mallopt(M_TRIM_THRESHOLD, INT32_MAX)) return 0;
    // Threads share the one heap, so that what a second thread allocates
    // comes from the advised memory too, not from an arena of its own.
    if (!mallopt(M_ARENA_MAX, 1)) return 0;
    // Grow the heap by `bytes`, in blocks below the threshold (consecutive
    // in the heap), advise them, and give them back: later allocations are
    // carved from the advised memory.
    const size_t block = largest_threshold - ((size_t)1 << 20);
    enum { most_blocks = 32 };
    void *blocks[most_blocks];
    int count = 0;
    uintptr_t low = UINTPTR_MAX, high = 0;
    for (size_t reserved = 0; reserved < bytes && count < most_blocks; reserved += block) {
        size_t size = bytes - reserved < block ? bytes - reserved : block;
        void *p = malloc(size);
        if (p == NULL) break;
        blocks[count++] = p;
        if ((uintptr_t)p < low) low = (uintptr_t)p;
        if ((uintptr_t)p + size > high) high = (uintptr_t)p + size;
    }
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = (low + huge - 1) & ~(huge - 1), end = high & ~(huge - 1);
    if (count > 0 && start < end) madvise((void *)start, end - start, MADV_HUGEPAGE);
    while (count > 0) free(blocks[--count]);
    return 1;
}
#else
int reorder_heap_prefer_huge_pages(size_t bytes) {
    (void)bytes;
    return 0;
}
#endif

#if defined(__GLIBC__)
int reorder_thread_attributes_elsewhere(pthread_attr_t *attributes) {
    int current = sched_getcpu();
    cpu_set_t allowed;
    if (current < 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    CPU_CLR(current, &allowed);
    if (CPU_COUNT(&allowed) == 0) return 0;
    return pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed) == 0;
}

int reorder_thread_allow_anywhere(pthread_t thread) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    return pthread_setaffinity_np(thread, sizeof allowed, &allowed) == 0;
}
#else
int reorder_thread_attributes_elsewhere(pthread_attr_t *attributes) {
    (void)attributes;
    return 0;
}

int reorder_thread_allow_anywhere(pthread_t thread) {
    (void)thread;
    return 0;
}
#endif
