//! Writers: turning syntax trees back into text.

pub mod pdn;
