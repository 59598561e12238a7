// The C library's extended-attribute calls (flistxattr, fgetxattr, ...),
// which its Swift module does not export: a header, nothing to link.
#include <sys/types.h>
#include <sys/xattr.h>
