/** Styles of the sign-in and lock screens: deep government blue with a red accent. */
import styled from 'styled-components'

/** Full-window backdrop: blue gradient, a faint map grid and a red glow. */
export const Backdrop = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  color: #fff;
  border-top: 4px solid ${({ theme }) => theme.accent};
  box-sizing: border-box;
  background:
    radial-gradient(ellipse at 100% 0%, rgba(200, 22, 29, 0.22) 0%, rgba(200, 22, 29, 0) 30%),
    repeating-linear-gradient(0deg, rgba(255, 255, 255, 0.04) 0 1px, transparent 1px 48px),
    repeating-linear-gradient(90deg, rgba(255, 255, 255, 0.04) 0 1px, transparent 1px 48px),
    linear-gradient(
      135deg,
      ${({ theme }) => theme.primaryDeep} 0%,
      ${({ theme }) => theme.primaryDark} 45%,
      ${({ theme }) => theme.primary} 100%
    );
`

/** Brand on the left, the card on the right; stacked on narrow screens. */
export const Main = styled.main`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 96px;
  padding: 48px 24px;
  flex-wrap: wrap;
`

export const Brand = styled.section`
  max-width: 520px;
`

export const BrandMark = styled.div`
  width: 64px;
  height: 64px;
  border-radius: 50%;
  border: 3px solid #fff;
  background: ${({ theme }) => theme.accent};
  color: #fff;
  font-size: 32px;
  font-weight: 700;
  display: flex;
  align-items: center;
  justify-content: center;
  margin-bottom: 24px;
  box-shadow: 0 0 0 6px rgba(255, 255, 255, 0.12);
`

export const Headline = styled.h1`
  margin: 0;
  font-size: 44px;
  font-weight: 700;
  letter-spacing: 6px;
  text-shadow: 0 2px 8px rgba(0, 0, 0, 0.35);
`

export const Subtitle = styled.p`
  margin: 12px 0 0;
  font-size: 18px;
  letter-spacing: 2px;
  opacity: 0.9;
  padding-bottom: 20px;
  border-bottom: 3px solid ${({ theme }) => theme.accent};
  display: inline-block;
`

export const Points = styled.ul`
  margin: 24px 0 0;
  padding-left: 20px;
  font-size: 15px;
  line-height: 2;
  opacity: 0.85;
`

/** The white sign-in card. */
export const Card = styled.section`
  width: 380px;
  max-width: 100%;
  background: #fff;
  color: ${({ theme }) => theme.text};
  border-radius: 6px;
  border-top: 4px solid ${({ theme }) => theme.accent};
  padding: 32px 32px 24px;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.35);
`

export const CardTitle = styled.h2`
  margin: 0 0 24px;
  font-size: 22px;
  font-weight: 600;
  color: ${({ theme }) => theme.primary};
  text-align: center;
  letter-spacing: 4px;
`

export const Footer = styled.footer`
  text-align: center;
  padding: 16px;
  font-size: 13px;
  opacity: 0.7;
`

/**
 * One field of the sign-in form, laid out as antd's large vertical form item was (issue 19 left
 * antd's Form off the sign-in page): the help under a field takes the place of the gap below it.
 */
export const Field = styled.div<{ $invalid: boolean }>`
  margin-bottom: ${({ $invalid }) => ($invalid ? 0 : 24)}px;
  font-size: 14px;
  line-height: 22px;
`

/** A field's label: a 40 px row above the control. */
export const FieldLabel = styled.label`
  display: flex;
  align-items: center;
  height: 40px;
  margin-bottom: 8px;
  color: rgba(0, 0, 0, 0.88);
`

/** The field's messages, in the error colour of the theme. */
export const FieldHelp = styled.div`
  min-height: 24px;
  color: ${({ theme }) => theme.accent};
`

/** The 记住用户名 row. */
export const CheckRow = styled.div`
  display: flex;
  align-items: center;
  min-height: 40px;
  margin-bottom: 16px;
`
