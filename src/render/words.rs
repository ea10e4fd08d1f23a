//! Words: a role's name (the board stage's, for the writers).

pub(crate) use crate::board::words::role_name;
