/* folderswap.h - a folder of outputs written as a whole: built next to its
 * place and swapped in, so a failure leaves the old one as it was. */
#ifndef EB_FOLDERSWAP_H
#define EB_FOLDERSWAP_H

/* Creates the folder to build DIR in, next to it (one file system, so the
 * swap is a rename), with the mode the umask gives a new folder. Returns
 * its path (the caller frees it), or NULL after saying why. */
char *eb_folder_begin(const char *dir);
/* Swaps the built folder in for DIR. The files of an old DIR that its
 * manifest (a file in it, one path a line, a trailing '/' for a folder of
 * ours) does not list are the user's and move into the new one. Returns 0,
 * or EB_EXIT_IO after saying why (tmp is then left for eb_folder_abort). */
int eb_folder_commit(const char *tmp, const char *dir, const char *manifest);
/* Removes a folder this process built (no links are followed). */
void eb_folder_abort(const char *tmp);

#endif
