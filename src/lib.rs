//! web app
