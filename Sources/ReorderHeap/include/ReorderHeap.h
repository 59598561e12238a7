#ifndef REORDER_HEAP_H
#define REORDER_HEAP_H

#include <stddef.h>
#include <pthread.h>

/// Readies the C library's heap for a run that will allocate `bytes` or so
/// in arrays of many megabytes: such arrays come from the heap rather than
/// from maps of their own, memory freed stays for reuse, and `bytes` of heap
/// are set aside in memory advised to use transparent huge pages, so that
/// the first touch of every 2 MiB costs one page fault rather than 512.
/// Threads share that heap (one arena), so that what a second thread
/// allocates is advised memory too.
/// The first call in a process does this; later calls do nothing.
/// Returns 1 when done, 0 when this C library offers no such tuning.
int reorder_heap_prefer_huge_pages(size_t bytes);

/// Sets `attributes` so that a thread started with them runs on another
/// processor than the calling thread's, when the process may use another.
/// Returns 1 when set, 0 otherwise.
int reorder_thread_attributes_elsewhere(pthread_attr_t *attributes);

/// Lets `thread` run on any processor the calling thread may use: a thread
/// started elsewhere, when its starter is about to wait for it (a busy
/// other processor must not keep it from the one that is then idle).
/// Returns 1 when set, 0 otherwise.
int reorder_thread_allow_anywhere(pthread_t thread);

#endif
