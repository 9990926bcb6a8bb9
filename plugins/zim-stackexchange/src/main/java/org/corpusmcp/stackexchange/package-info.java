/**
 * The {@code stackexchange} corpus adapter: sotoki archives (Stack Overflow and every Stack
 * Exchange site), both sotoki markup generations described in zim-html-families.md §3. A question
 * page becomes a thread of synthetic sections ({@code question}, {@code accepted-answer},
 * {@code answer-<id>}) rendered by plugin-api's shared renderer.
 */
@NullMarked
package org.corpusmcp.stackexchange;

import org.jspecify.annotations.NullMarked;
