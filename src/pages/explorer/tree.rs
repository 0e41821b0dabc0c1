#![cfg(target_arch = "wasm32")]
//! The explorer's game tree beside the picture: a nested, collapsible list.
//!
//! Children are only built when their parent is expanded, so a game with
//! 10^5 positions costs a handful of DOM nodes until someone digs in. Small
//! subtrees (short explicit form) open by themselves; big ones start closed.
//! Each node's tooltip gives its own mean and temperature (precomputed); clicking a node
//! selects it (the explorer then shows that subgame's thermograph).

use super::model::Explored;
use super::state::{NodePath, Side};
use cgt::game::GameId;
use leptos::prelude::*;
use std::sync::Arc;

/// Longest label before a node is shown as `{n left options | m right options}`.
const LABEL_MAX: usize = 48;
/// Options listed per side before "… and N more".
const MAX_SHOWN: usize = 40;
/// Below this depth, small subtrees open by themselves.
const AUTO_OPEN_DEPTH: usize = 6;

#[component]
pub fn GameTreeView(explored: Arc<Explored>, selected: RwSignal<NodePath>) -> impl IntoView {
    let root = explored.root();
    view! {
        <ul class="tree" role="tree" data-testid="game-tree">
            {node_view(explored, root, NodePath::root(), None, selected)}
        </ul>
    }
}

fn node_view(e: Arc<Explored>, id: GameId, path: NodePath, side: Option<Side>, selected: RwSignal<NodePath>) -> AnyView {
    let arena = e.arena();
    let has_children = !arena.left(id).is_empty() || !arena.right(id).is_empty();
    let explicit = cgt::notation::to_explicit(arena, id, LABEL_MAX);
    let small = explicit.is_some();
    let label = explicit.unwrap_or_else(|| e.label(id, LABEL_MAX));
    let depth = path.len();
    // Open: the root, anything on the way to the selected node (a restored
    // link must show its selection), and small subtrees near the top.
    let on_way = selected.with_untracked(|s| path.is_prefix_of(s) && *s != path);
    let expanded = RwSignal::new(has_children && (depth == 0 || on_way || (small && depth < AUTO_OPEN_DEPTH)));

    // Every position's thermograph is known (the analysis computed them
    // all), so the tooltip is written now, whatever the size of the game.
    let title = e.summary(id);

    let path_text = path.to_string();
    let is_selected = {
        let path = path.clone();
        move || selected.with(|s| *s == path)
    };
    let select = {
        let path = path.clone();
        move |_| selected.set(path.clone())
    };
    let side_badge = side.map(|s| {
        let (class, text, tip) = match s {
            Side::Left => ("side side-l", "L", "a Left option"),
            Side::Right => ("side side-r", "R", "a Right option"),
        };
        view! { <span class=class title=tip>{text}</span> }
    });
    let twisty = if has_children {
        view! {
            <button
                class="twisty"
                aria-label=move || if expanded.get() { "collapse" } else { "expand" }
                aria-expanded=move || expanded.get().to_string()
                on:click=move |_| expanded.update(|x| *x = !*x)
            >
                {move || if expanded.get() { "▾" } else { "▸" }}
            </button>
        }
        .into_any()
    } else {
        view! { <span class="twisty leaf"></span> }.into_any()
    };

    let children = move || {
        if !expanded.get() {
            return None;
        }
        let arena = e.arena();
        let mut items: Vec<AnyView> = Vec::new();
        for (s, opts) in [(Side::Left, arena.left(id)), (Side::Right, arena.right(id))] {
            for (i, &c) in opts.iter().take(MAX_SHOWN).enumerate() {
                items.push(node_view(e.clone(), c, path.child(s, i), Some(s), selected));
            }
            if opts.len() > MAX_SHOWN {
                let more = format!("… and {} more {} options", opts.len() - MAX_SHOWN, if s == Side::Left { "Left" } else { "Right" });
                items.push(view! { <li class="more">{more}</li> }.into_any());
            }
        }
        Some(view! { <ul role="group">{items}</ul> })
    };

    view! {
        <li role="treeitem" class="tree-item">
            <div class="row" class:selected=is_selected>
                {twisty}
                {side_badge}
                <button
                    class="node-label"
                    data-testid="tree-node"
                    data-path=path_text
                    title=title
                    on:click=select
                >
                    {label}
                </button>
            </div>
            {children}
        </li>
    }
    .into_any()
}
