/** The admin posts screens' words: the list, the editor and their notices. */
export const POST_MESSAGES = {
  deleteFailed: "Failed to delete the blog post. Please try again.",
  deletedTitle: "Post deleted",
  deleted: "The blog post has been successfully deleted.",
  createFailed: "Failed to create post. Please try again.",
  updateFailed: "Failed to update post. Please try again.",
  created: "Post created successfully.",
  updated: "Post updated successfully.",
  notFound: "Blog post not found.",
} as const;
