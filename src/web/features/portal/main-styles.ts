/** Styles of the platform hub. */
import styled from 'styled-components'

export const Hub = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.primaryDark} 0,
    ${({ theme }) => theme.primaryDark} 220px,
    ${({ theme }) => theme.pageBg} 220px
  );
`

export const Top = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 32px;
  height: 64px;
  color: #fff;
  border-bottom: 3px solid ${({ theme }) => theme.accent};
  h1 {
    margin: 0;
    font-size: 22px;
    letter-spacing: 3px;
  }
`

export const TopRight = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
`

export const Body = styled.main`
  flex: 1;
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 32px 24px 48px;
`

export const Lead = styled.p`
  color: #fff;
  font-size: 18px;
  margin: 0 0 24px;
  letter-spacing: 2px;
`

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: 24px;
`

export const Tile = styled.div`
  background: #fff;
  border-radius: 6px;
  padding: 28px 24px;
  cursor: pointer;
  border-top: 4px solid ${({ theme }) => theme.primary};
  box-shadow: 0 4px 16px rgba(10, 31, 69, 0.12);
  transition:
    transform 0.15s,
    box-shadow 0.15s,
    border-color 0.15s;
  &:hover,
  &:focus-visible {
    transform: translateY(-3px);
    border-top-color: ${({ theme }) => theme.accent};
    box-shadow: 0 10px 28px rgba(10, 31, 69, 0.2);
    outline: none;
  }
  h2 {
    margin: 12px 0 8px;
    font-size: 20px;
    color: ${({ theme }) => theme.primary};
  }
`

export const TileIcon = styled.div`
  font-size: 36px;
  color: ${({ theme }) => theme.primary};
`

export const TileText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
  line-height: 1.7;
`

export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`

export const Chip = styled.button`
  border: 1px solid #c9d6ee;
  background: #f3f6fc;
  color: ${({ theme }) => theme.primary};
  border-radius: 14px;
  padding: 2px 12px;
  cursor: pointer;
  font: inherit;
  font-size: 13px;
  &:hover {
    border-color: ${({ theme }) => theme.primary};
  }
`
